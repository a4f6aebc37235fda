const mediumShort = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });

/** A date in es-ES, medium date with short time; 'N/A' when missing, 'Fecha inválida' when unparsable. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  try {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) return 'Fecha inválida';
    return mediumShort.format(date);
  } catch {
    return 'Fecha inválida';
  }
}

const long = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' });

/** A date in es-ES long form ('7 de marzo de 2025'); 'Fecha no disponible' when missing or unreadable. */
export function formatLongDate(value: string | number | Date | null | undefined): string {
  const date = value === null || value === undefined || value === '' ? null : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return 'Fecha no disponible';
  return long.format(date);
}
