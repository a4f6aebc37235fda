/** How often a member gets the e-mail digest of what is new (decision 022). */
export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'never'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** A member who never chose gets one a week. */
export const DEFAULT_DIGEST: DigestFrequency = 'weekly';

/** What 'Editar Perfil' shows for each choice. */
export const DIGEST_LABELS: Record<DigestFrequency, string> = {
  daily: 'Cada día',
  weekly: 'Cada semana',
  never: 'Nunca',
};

/** The digest's texts the server answers with (the web pages show them as they come). */
export const DIGEST_MESSAGES = {
  /** A `digest` that is none of the three choices. */
  invalidFrequency: 'Elige cada día, cada semana o nunca.',
  /** The unsubscribe link worked (or the member was already out). */
  unsubscribed:
    'Te has dado de baja: ya no recibirás el resumen de novedades por correo. Puedes volver a activarlo en «Editar Perfil».',
  /** A token that is not ours: malformed, cut short or forged. */
  unsubscribeInvalid:
    'El enlace para darte de baja no es válido. Copia el enlace completo del correo.',
  /** A well-formed token whose account no longer exists. */
  unsubscribeUnknown: 'Este enlace para darte de baja ya no corresponde a ninguna cuenta.',
} as const;
