import Button from 'react-bootstrap/Button';
import { PlusIcon } from './icons';

/** The round "+" button fixed at the bottom right; `label` is its accessible name. */
export function FloatingActionButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="success"
      className="fab rounded-circle shadow d-flex align-items-center justify-content-center"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <PlusIcon />
    </Button>
  );
}
