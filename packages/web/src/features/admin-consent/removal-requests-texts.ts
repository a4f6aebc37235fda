/** Texts of 'Solicitudes de retirada' (decision 018). */
export const REMOVAL_REQUESTS_TEXTS = {
  title: 'Solicitudes de retirada',
  intro:
    'Fotos que algún miembro ha pedido retirar. Están ocultas para todos salvo los scouters y administradores desde el momento en que se pidió.',
  empty: 'No hay solicitudes de retirada.',
  pending: 'Pendientes',
  resolved: 'Resueltas',
  photoAlt: (album: string) => `Foto del álbum «${album}»`,
  photoGone: 'Foto eliminada',
  album: 'Álbum',
  askedBy: 'Pedida por',
  askedOn: 'Fecha',
  reason: 'Motivo',
  noReason: 'Sin motivo',
  formerMember: 'Un miembro que ya no está',
  status: 'Estado',
  note: 'Nota para quien la pidió',
  noteLabel: (id: number) => `Nota para quien pidió la retirada ${id} (opcional)`,
  resolvedBy: (name: string) => `Resuelta por ${name}`,
  delete: 'Eliminar foto',
  deleteTitle: 'Eliminar foto',
  deleteBody:
    'Se borrarán la foto, sus archivos, sus me gusta y sus comentarios. Esta acción no se puede deshacer.',
  keep: 'Mantener oculta',
  show: 'Volver a mostrar',
  showTitle: 'Volver a mostrar la foto',
  showBody:
    'Todos los miembros volverán a ver la foto. Quien pidió retirarla verá la nota que escribas.',
  working: 'Guardando...',
} as const;
