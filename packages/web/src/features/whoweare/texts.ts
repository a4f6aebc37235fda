import { PUBLIC_PAGE_TEXTS } from '@fogata/shared';

/**
 * Screen texts of /whoweare, word for word where the product gives them.
 * Validation and server messages live in @fogata/shared.
 */
export const WHO_WE_ARE_TEXTS = {
  title: PUBLIC_PAGE_TEXTS.whoWeAreTitle,
  intro: PUBLIC_PAGE_TEXTS.whoWeAreIntro,
  /** The second paragraph, from the youngest age of the sections to the oldest (8 and 20 at first). */
  introSections: (from: number, to: number) =>
    `Cada edad tiene su sección, con su propio ritmo, sus actividades y su manera de vivir la aventura. Al crecer, cada scout pasa a la siguiente, de modo que el camino continúa de los ${from} a los ${to} años.`,
  sectionsHeading: 'Nuestras secciones',
  delegateIntro:
    'Si algo te preocupa de cómo se trata a un educando, puedes hablar con el delegado/a de protección del grupo, o escribirle desde aquí: solo esa persona lee los mensajes, y no hace falta que digas quién eres.',
  ages: (from: number, to: number) => `De ${from} a ${to} años`,
  /** The four default sections with their descriptions: a section of these names keeps its text. */
  sections: [
    {
      name: 'Manada',
      from: 8,
      to: 11,
      text: 'Los más pequeños descubren el escultismo jugando: historias, excursiones y la vida en grupo les enseñan a compartir y a cuidar de los demás.',
    },
    {
      name: 'Tropa',
      from: 11,
      to: 14,
      text: 'Organizados en patrullas, aprenden a acampar, a orientarse y a cocinar al fuego, y asumen sus primeras responsabilidades.',
    },
    {
      name: 'Unidad',
      from: 14,
      to: 17,
      text: 'Los jóvenes eligen, preparan y llevan a cabo sus propios proyectos; ganan autonomía y se comprometen con su entorno.',
    },
    {
      name: 'Clan',
      from: 17,
      to: 20,
      text: 'La última etapa: rutas exigentes, servicio a la comunidad y tiempo para decidir qué camino quieren seguir.',
    },
  ],
  scoutersIntro:
    'Todo esto es posible gracias a los scouters: voluntarios formados que dedican su tiempo libre, sin cobrar nada a cambio, a acompañar a cada sección en su aventura.',

  scoutersHeading: 'Nuestros Scouters',
  loading: 'Cargando monitores...',
  empty: 'No hay monitores para mostrar.',
  addButton: 'Añadir monitor',
  editMonitor: 'Editar monitor',
  deleteMonitor: 'Eliminar monitor',
  deleteBody: (name: string) => `¿Quitar a ${name} del equipo de scouters?`,
  deleteConfirm: 'Eliminar',
  photoOf: (name: string) => `Foto de ${name}`,

  placeHeading: 'Nuestro Local',
  mapTitle: (address?: string) => (address ? `Mapa del local: ${address}` : 'Mapa del local'),
  mapLink: 'Ver en el mapa',

  createTitle: 'Añadir Nuevo Monitor',
  editTitle: (name: string) => `Editar Monitor: ${name}`,
  fieldName: 'Nombre Completo',
  fieldRole: 'Rol / Cargo',
  rolePlaceholder: 'Ej: Coordinador de Tropa',
  fieldDescription: 'Descripción (Opcional)',
  fieldPhoto: 'Foto (Obligatoria)',
  fieldPhotoEdit: 'Cambiar Foto (Opcional)',
  choosePhoto: 'Elegir foto',
  photoHelp: 'Una imagen JPG, PNG, GIF o WebP de hasta 25 MB.',
  photoEditHelp: 'Elige una foto nueva solo si quieres reemplazar la actual.',
  currentPhoto: 'Foto actual',
  newPhoto: 'Nueva foto',
  creating: 'Creando monitor...',
  saving: 'Guardando cambios...',
  create: 'Crear Monitor',
  save: 'Guardar Cambios',
  cancel: 'Cancelar',
  close: 'Cerrar',
} as const;
