/**
 * Texts of the page the e-mail digest's unsubscribe link opens (decision 022). Its
 * choice in 'Editar Perfil' has its texts in the profile (DIGEST_PREFERENCE_TEXTS); the choices'
 * labels and the server's answers live in @fogata/shared (DIGEST_LABELS, DIGEST_MESSAGES).
 */
export const DIGEST_TEXTS = {
  unsubscribeTitle: 'Darse de baja',
  unsubscribing: 'Dándote de baja...',
  unsubscribeFailed: 'No se pudo completar la baja. Inténtalo de nuevo más tarde.',
  toProfile: 'Ir a Editar Perfil',
  toHome: 'Volver al inicio',
} as const;
