import Button from 'react-bootstrap/Button';
import { PencilIcon, TrashIcon } from './icons';

interface EditDeleteButtonsProps {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** The 'Editar' and 'Borrar' buttons of a detail page, shown to whoever may use them. */
export function EditDeleteButtons({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: EditDeleteButtonsProps) {
  return (
    <>
      <Button
        variant="outline-secondary"
        size="sm"
        className="d-inline-flex align-items-center gap-1"
        onClick={onEdit}
      >
        <PencilIcon />
        {editLabel}
      </Button>
      <Button
        variant="outline-danger"
        size="sm"
        className="d-inline-flex align-items-center gap-1"
        onClick={onDelete}
      >
        <TrashIcon />
        {deleteLabel}
      </Button>
    </>
  );
}
