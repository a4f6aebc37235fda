import { formatDateTime, formatLongDate } from '../lib/format-date';
import { useHydrated } from '../lib/use-hydrated';

type DateValue = string | number | Date | null | undefined;

/**
 * A date as text in the reader's time zone once the browser has the page; in UTC while the
 * server draws it and the browser hydrates that drawing (the server does not know the zone).
 */
export function LongDate({ value }: { value: DateValue }) {
  return formatLongDate(value, !useHydrated());
}

/** A date and time, like LongDate. */
export function DateTime({ value }: { value: DateValue }) {
  return formatDateTime(value, !useHydrated());
}
