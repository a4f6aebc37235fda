/**
 * Messages of SPEC §8 (client defaults when the server sends no `message`) and the Spanish
 * messages the server answers with. One place for every error text.
 */
export const CLIENT_ERRORS = {
  sessionExpired: 'Sesión expirada o inválida.',
  unknown: 'Error desconocido',
  login: 'Error al iniciar sesión. Verifica tus credenciales.',
  forgotPassword: 'Error al solicitar restablecimiento de contraseña.',
  forgotPasswordUnknown: 'Error desconocido al solicitar restablecimiento.',
  resetPassword:
    'Error al restablecer la contraseña. El token podría ser inválido o haber expirado.',
  resetPasswordUnknown: 'Error desconocido al restablecer la contraseña.',
  externalVerify: 'Error al verificar sesión externa.',
  externalServer: 'Error del servidor al validar sesión de Google.',
  externalFailed: 'No se pudo iniciar sesión con Google.',
  externalPopupClosed: 'Ventana de inicio de sesión cerrada.',
  externalProvider: (code: string, message: string) => `Error de Google (${code}): ${message}`,
  register: 'Error durante el registro.',
  invitationsSend: 'Error al enviar las invitaciones.',
  invitationVerify: 'Error al verificar la invitación.',
  invitationsList: 'Error al obtener la lista de invitaciones.',
  invitationRevoke: (id: number | string) => `Error al revocar la invitación ${id}.`,
  usersList: 'Error al obtener usuarios.',
  userDelete: (id: number | string) => `Error al eliminar usuario ${id}.`,
  userRole: (id: number | string) => `Error al actualizar rol para usuario ${id}.`,
  profileGet: 'Error al obtener el perfil.',
  profileUpdate: 'Error al actualizar el perfil.',
} as const;

/** Messages the server sends in `{ message }`. */
export const SERVER_ERRORS = {
  validation: 'Los datos enviados no son válidos.',
  malformedJson: 'El cuerpo de la petición no es un JSON válido.',
  unauthenticated: 'Debes iniciar sesión.',
  invalidToken: 'Sesión expirada o inválida.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  adminOnly: 'Acceso denegado. Debes ser administrador.',
  notFound: 'Recurso no encontrado.',
  routeNotFound: 'Ruta no encontrada.',
  tooManyRequests: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  payloadTooLarge: 'El archivo es demasiado grande (máximo 25 MB)',
  internal: 'Error interno del servidor.',
  invalidCredentials: 'Email o contraseña incorrectos.',
  emailTaken: 'Ya existe una cuenta con este email.',
  invitationInvalid: 'La invitación no es válida o ya fue utilizada.',
  invitationExpired: 'La invitación ha expirado.',
  invitationNotPending: 'Solo se pueden revocar invitaciones pendientes.',
  invitationNotFound: 'Invitación no encontrada.',
  resetTokenInvalid: 'El enlace de restablecimiento no es válido o ha expirado.',
  userNotFound: 'Usuario no encontrado.',
  cannotChangeSelf: 'No puedes cambiar tu propio rol.',
  cannotDeleteSelf: 'No puedes eliminar tu propia cuenta.',
  lastAdmin: 'Debe quedar al menos un administrador.',
  unsupportedMediaType: 'Tipo de contenido no admitido. Envía JSON o multipart/form-data.',
  bodyTooLarge: 'La petición es demasiado grande.',
  malformedMultipart: 'El formulario enviado está incompleto o dañado. Inténtalo de nuevo.',
  badUrl: 'La dirección solicitada no es válida.',
  tooManyFiles: 'Has enviado demasiados archivos a la vez.',
  imageTooManyPixels: 'La imagen es demasiado grande: como máximo 50 megapíxeles.',
  imageUnreadable: 'No se pudo procesar la imagen. Comprueba que el archivo no esté dañado.',
  invitationMailFailed: 'La invitación se creó, pero no se pudo enviar el email.',
} as const;

/** Success messages the server sends. */
export const SERVER_SUCCESS = {
  login: 'Inicio de sesión exitoso.',
  register: '¡Registro completado!',
  forgotPassword:
    'Si el email está registrado, recibirás un enlace para restablecer tu contraseña.',
  resetPassword: 'Contraseña restablecida correctamente. Ya puedes iniciar sesión.',
  invitationsSent: (n: number) =>
    n === 1 ? 'Se envió 1 invitación.' : `Se enviaron ${n} invitaciones.`,
  invitationRevoked: 'Invitación revocada.',
  profileUpdated: 'Perfil actualizado correctamente.',
  userDeleted: (name: string) => `Usuario ${name} eliminado.`,
  roleUpdated: (name: string) => `Rol actualizado para ${name}.`,
} as const;
