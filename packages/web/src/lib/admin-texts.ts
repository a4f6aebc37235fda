/**
 * Texts of the pieces the admin screens share: the nav between them, the lists' search box and
 * pages, and the child picker (the invite form's and the image ledger's filter).
 */

/** Rows per page in the panel's tables: a phone scrolls through ten cards, not a hundred and fifty. */
export const PANEL_PAGE_SIZE = 10;

export const ADMIN_NAV_TEXTS = {
  label: 'Secciones del panel de administración',
  panel: 'Invitaciones y usuarios',
  sections: 'Secciones',
  children: 'Educandos',
  promotion: 'Paso de sección',
  consent: 'Consentimiento',
  image: 'Imagen',
  authorization: 'Autorización',
  safeguarding: 'Salvaguarda',
} as const;

export const LIST_TEXTS = {
  search: 'Buscar',
} as const;

/** The invite form's optional child picker ("invitar a la familia de …"). */
export const CHILD_PICKER_TEXTS = {
  label: 'Invitar a la familia de… (opcional)',
  help: 'Busca educandos por su nombre: la cuenta nueva quedará vinculada a ellos al registrarse. El correo no dice sus nombres.',
  placeholder: 'Nombre del educando',
  searching: 'Buscando...',
  none: 'Ningún educando coincide.',
  failed: 'No se pudieron buscar educandos.',
  chosen: 'Educandos elegidos',
  remove: (name: string) => `Quitar a ${name}`,
  results: (n: number) => (n === 1 ? '1 resultado' : `${n} resultados`),
  preselectFailed: 'No se encontró el educando del enlace.',
} as const;
