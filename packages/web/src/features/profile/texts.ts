/** Texts of the profile's list of removal requests (issue #14, decision 018). */
export const MY_REMOVAL_TEXTS = {
  title: 'Mis solicitudes de retirada',
  album: (title: string) => `Álbum «${title}»`,
  askedOn: (date: string) => `Pedida el ${date}`,
  reason: 'Tu motivo:',
  note: 'Nota del equipo:',
} as const;
