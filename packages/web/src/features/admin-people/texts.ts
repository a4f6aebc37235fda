/**
 * Texts of the admin panel at the size of a real group: the filters and pages of 'Invitaciones
 * Enviadas' and 'Gestión de Usuarios Registrados'. The texts the specification gives stay where
 * they were, in the components.
 */

export const PANEL_TEXTS = {
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
