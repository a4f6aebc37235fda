/**
 * Texts of the e-mail digest (issue #15, decision 022): its choice in 'Editar Perfil' and the page
 * its unsubscribe link opens. The choices' labels and the server's answers live in @fogata/shared
 * (DIGEST_LABELS, DIGEST_MESSAGES).
 */
export const DIGEST_TEXTS = {
  title: 'Resumen de novedades por correo',
  intro:
    'Te avisamos por correo de los álbumes, noticias y experiencias nuevos del grupo: como mucho un correo al día, y solo si hay algo nuevo.',
  legend: '¿Cada cuánto quieres recibirlo?',
  save: 'Guardar preferencia',
  saving: 'Guardando...',
  unsubscribeTitle: 'Darse de baja',
  unsubscribing: 'Dándote de baja...',
  unsubscribeFailed: 'No se pudo completar la baja. Inténtalo de nuevo más tarde.',
  toProfile: 'Ir a Editar Perfil',
  toHome: 'Volver al inicio',
} as const;
