/** A field-level validation error, as sent in `errors`. */
export interface FieldError {
  field: string;
  message: string;
}

/** An expected failure with its HTTP status and the Spanish message the user reads. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}
