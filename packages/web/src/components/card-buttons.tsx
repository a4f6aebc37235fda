import type { ReactNode } from 'react';
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
export function CardEditButton(props: CardButtonProps) {
  return <CardIconButton {...props} variant="outline-secondary" icon={<PencilIcon />} />;
}

/** A card's small bin button for managers. */
export function CardDeleteButton(props: CardButtonProps) {
  return <CardIconButton {...props} variant="outline-danger" icon={<TrashIcon />} />;
}

function CardIconButton({
  label,
  describedBy,
  onClick,
  className,
  variant,
  icon,
}: CardButtonProps & { variant: string; icon: ReactNode }) {
  return (
    <Button
      variant={variant}
      size="sm"
      className={className}
      aria-label={label}
      aria-describedby={describedBy}
      title={label}
      onClick={onClick}
    >
      {icon}
    </Button>
  );
}
