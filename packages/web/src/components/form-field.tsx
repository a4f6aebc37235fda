import type { ComponentProps, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

type ControlProps = ComponentProps<typeof Form.Control>;

interface FormFieldProps extends Omit<ControlProps, 'id'> {
  id: string;
  label: ReactNode;
  error?: string;
  help?: ReactNode;
}

/** A labelled input with its error under it, linked by aria-invalid and aria-describedby. */
export function FormField({ id, label, error, help, className, ...control }: FormFieldProps) {
  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...control}
        isInvalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
