/** The look of an alert: Bootstrap's variants the app uses. */
export type AlertVariant = 'danger' | 'warning' | 'info' | 'success';

/** What a screen reports after an action, or null for nothing. */
export type Banner = { variant: AlertVariant; message: string } | null;
