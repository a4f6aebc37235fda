/**
 * Texts of the admin panel at the size of a real group (issue #24, decisions 050–051): the
 * search, filters and pages of 'Invitaciones Enviadas' and 'Gestión de Usuarios Registrados', and
 * the invite form's child picker. SPEC's own texts stay where they were, in the components.
 */

/** Rows per page in the panel's tables: a phone scrolls through ten cards, not a hundred and fifty. */
export const PANEL_PAGE_SIZE = 10;

export const PANEL_TEXTS = {
  search: 'Buscar',
  usersSearchPlaceholder: 'Nombre o email',
  invitationsSearchPlaceholder: 'Email o nombre de un educando',
  role: 'Filtrar por rol',
  allRoles: 'Todos los roles',
  section: 'Filtrar por sección',
  allSections: 'Todas las secciones',
  status: 'Filtrar por estado',
  allStatuses: 'Todos los estados',
  clear: 'Limpiar filtros',
  usersFilters: 'Buscar y filtrar usuarios',
  invitationsFilters: 'Buscar y filtrar invitaciones',
  noUsersMatch: 'Ningún usuario coincide con la búsqueda.',
  noInvitationsMatch: 'Ninguna invitación coincide con la búsqueda.',
  usersPages: 'Páginas de usuarios',
  invitationsPages: 'Páginas de invitaciones',
  users: (n: number) => (n === 1 ? '1 usuario' : `${n} usuarios`),
  invitations: (n: number) => (n === 1 ? '1 invitación' : `${n} invitaciones`),
  /** The users table's extra column: the children and sections of each user. */
  family: 'Familia',
  childrenCount: (n: number) => (n === 1 ? '1 educando' : `${n} educandos`),
  /** The invitations table's extra column: the children each invitation links. */
  children: 'Educandos',
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
