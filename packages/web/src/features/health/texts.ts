import { HEALTH_LABELS } from '@fogata/shared';

/** The texts of a child's ficha sanitaria as their guardians keep it, and of who has read it. */
export const HEALTH_TEXTS = {
  title: (name: string) => `${HEALTH_LABELS.title} de ${name}`,
  titleNoName: HEALTH_LABELS.title,
  back: 'Volver a Editar Perfil',
  intro:
    'Lo que el equipo necesita saber de su salud en una actividad, y nada más. Solo la veis su familia y, desde dos días antes de una actividad a la que va hasta que termina, los scouters del equipo de esa actividad. Se guarda cifrada.',
  loading: 'Cargando la ficha sanitaria...',
  notFound: 'Este educando no existe o no es tuyo.',
  notFilledIntro:
    'Todavía no has rellenado la ficha sanitaria. Rellénala antes de su primera actividad.',
  lastConfirmed: (when: string) => `Confirmada por última vez el ${when}.`,
  confirmDueIntro:
    'Confirma que la ficha sigue al día para esta ronda: si nada ha cambiado, basta con un toque.',
  upToDate: 'Está al día',
  confirming: 'Confirmando...',
  // The form.
  medicationEmpty: 'Sin medicación.',
  addMedication: 'Añadir medicamento',
  removeMedication: (n: number) => `Quitar el medicamento ${n}`,
  medicationLegend: (n: number) => `Medicamento ${n}`,
  contactLegend: (n: number) => `Contacto ${n}`,
  textHelp: 'Déjalo en blanco si no hay nada que decir.',
  save: 'Guardar ficha',
  saving: 'Guardando...',
  saveFailed: 'Error al guardar la ficha sanitaria.',
  fixErrors: 'Revisa los campos marcados.',
  // Who has read it.
  readsTitle: 'Quién ha consultado la ficha',
  readsIntro:
    'Cada vez que alguien que no es de la familia la consulta queda aquí: quién, desde qué actividad, cómo y cuándo.',
  readsEmpty: 'Nadie fuera de la familia ha consultado la ficha.',
  readsLoading: 'Cargando quién ha consultado la ficha...',
  readsFailed: 'Error al obtener quién ha consultado la ficha.',
  readsPager: 'Páginas de quién ha consultado la ficha',
  readsCount: (n: number) => (n === 1 ? '1 consulta' : `${n} consultas`),
  readsColumns: ['Quién', 'Actividad', 'Cómo', 'Cuándo'] as const,
} as const;
