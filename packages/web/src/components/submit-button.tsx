import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/**
 * A submit button that shows `busyLabel` and a spinner while busy; full width unless `className`
 * says otherwise.
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled,
  className = 'w-100',
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Button
      type="submit"
      variant="success"
      className={className || undefined}
      disabled={busy || disabled}
    >
      {busy && (
        <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
      )}
      {busy ? busyLabel : label}
    </Button>
  );
}
