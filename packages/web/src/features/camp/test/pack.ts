import type { AttendanceMark, CampChild, CampPack } from '@fogata/shared';

/** A child of the pack, going, with a ficha that has an allergy. */
export function campChild(id: number, overrides: Partial<CampChild> = {}): CampChild {
  return {
    child_id: id,
    name: `Educando ${id}`,
    section: 'Tropa',
    signup: 'va',
    health: {
      allergies: `Alergia ${id} a los frutos secos`,
      medications: [
        {
          name: 'Ventolín',
          dose: '2 pulsaciones',
          schedule: 'Si le falta el aire',
          scouters_may_give: true,
        },
      ],
      diet: 'Sin frutos secos',
      conditions: 'Asma',
      health_card: 'MDRD 1234 5678',
      can_swim: 'con_ayuda',
      notes: '',
      contacts: [
        { name: 'Ana Pérez', relation: 'Madre', phone: '+34 600 111 222' },
        { name: 'Luis Gil', relation: 'Padre', phone: '600 333 444' },
      ],
      updated_at: '2027-03-01T10:00:00.000Z',
      confirmed_at: '2027-03-01T10:00:00.000Z',
    },
    health_confirmed_at: '2027-03-02T10:00:00.000Z',
    authorization: 'online',
    payment: { amount_cents: 2500, method: 'bizum' },
    ...overrides,
  };
}

/** The pack of a March weekend acampada (Madrid in winter time), taken on the Friday. */
export function campPack(id: number, overrides: Partial<CampPack> = {}): CampPack {
  return {
    activity: {
      id,
      title: `Acampada ${id}`,
      starts_at: '2027-03-13T09:00:00.000Z',
      ends_at: '2027-03-14T16:00:00.000Z',
      place: 'Albergue de Canencia',
      meeting_point: 'Plaza Mayor',
      meeting_at: '2027-03-13T08:30:00.000Z',
      return_point: 'Plaza Mayor',
      return_at: '2027-03-14T16:30:00.000Z',
      price_cents: 2500,
    },
    emergency: {
      group_name: 'Grupo Scout 73',
      in_charge: 'Marta Jefa',
      protection_delegate: { name: 'Rosa Delegada', contact: 'proteccion@example.org' },
    },
    staff: [{ user_id: 7, name: 'Pablo Scouter', certificate_current: true }],
    children: [campChild(1), campChild(2)],
    attendance: [],
    generated_at: '2027-03-12T18:00:00.000Z',
    wipe_at: '2027-03-14T16:00:00.000Z',
    ...overrides,
  };
}

/** A mark as the server answers it. */
export function serverMark(overrides: Partial<AttendanceMark> = {}): AttendanceMark {
  return {
    child_id: 1,
    day: '2027-03-13',
    moment: 'salida',
    present: true,
    marked_at: '2027-03-13T08:40:00.000Z',
    marked_by_name: 'Pablo Scouter',
    ...overrides,
  };
}
