import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/** A full-width submit button that shows `busyLabel` and a spinner while busy. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  return (
    <Button type="submit" variant="success" className="w-100" disabled={busy || disabled}>
      {busy && (
        <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
      )}
      {busy ? busyLabel : label}
    </Button>
  );
}
