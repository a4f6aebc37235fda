import Button from 'react-bootstrap/Button';
import { PencilIcon, TrashIcon } from './icons';

interface CardButtonProps {
  /** What the button does, as its name and tooltip. */
  label: string;
  /** The id of the card's title, so the button reads as acting on that item. */
  describedBy?: string;
  onClick: () => void;
  className?: string;
}

/** A card's small pencil button for managers. */
export function CardEditButton({ label, describedBy, onClick, className }: CardButtonProps) {
  return (
    <Button
      variant="outline-secondary"
      size="sm"
      className={className}
      aria-label={label}
      aria-describedby={describedBy}
      title={label}
      onClick={onClick}
    >
      <PencilIcon />
    </Button>
  );
}

/** A card's small bin button for managers. */
export function CardDeleteButton({ label, describedBy, onClick, className }: CardButtonProps) {
  return (
    <Button
      variant="outline-danger"
      size="sm"
      className={className}
      aria-label={label}
      aria-describedby={describedBy}
      title={label}
      onClick={onClick}
    >
      <TrashIcon />
    </Button>
  );
}
