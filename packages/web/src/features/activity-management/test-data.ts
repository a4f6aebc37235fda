import type { SectionRef } from '@fogata/shared';
import type { Board, BoardRow, ManagedActivity } from './types';

/* Fixtures of the managers' screens' tests. */

export const TROPA_REF: SectionRef = { id: 2, name: 'Tropa', colour: '#15803d' };
export const MANADA_REF: SectionRef = { id: 1, name: 'Manada', colour: '#facc15' };

/** A Tropa acampada in January (winter time), 12 places, one question. */
export function activity(overrides: Partial<ManagedActivity> = {}): ManagedActivity {
  return {
    id: 5,
    title: 'Acampada de invierno',
    kind: 'acampada',
    status: 'publicada',
    starts_at: '2027-01-16T08:00:00.000Z',
    ends_at: '2027-01-17T16:00:00.000Z',
    repeats_weekly_until: null,
    place: 'Albergue de Cercedilla',
    audience: [TROPA_REF],
    meeting_point: 'Plaza del Ayuntamiento',
    meeting_at: '2027-01-16T07:30:00.000Z',
    return_point: 'Plaza del Ayuntamiento',
    return_at: '2027-01-17T16:30:00.000Z',
    transport: 'Autobús',
    price_cents: 3500,
    places: 12,
    taken: 2,
    signup_deadline: '2027-01-10T22:59:00.000Z',
    in_charge: { id: 3, name: 'Laura Scouter' },
    description: 'Saco de dormir y linterna.',
    both_guardians: true,
    questions: [{ id: 7, label: '¿Alergias?', kind: 'text', options: null, required: true }],
    can_manage: true,
    ...overrides,
  };
}

export function boardRow(
  overrides: Partial<BoardRow> & Pick<BoardRow, 'child_id' | 'child_name'>,
): BoardRow {
  return {
    section: TROPA_REF,
    signup: 'pendiente',
    waiting_position: null,
    answers: {},
    authorization: { state: 'missing', via: null, signatures: [] },
    payment: null,
    ...overrides,
  };
}

/** A board of five children: one of each sign-up, autorizaciones and payments mixed. */
export function board(): Board {
  return {
    activity: activity(),
    counts: {
      total: 5,
      pendiente: 1,
      va: 2,
      no_va: 1,
      espera: 1,
      autorizado: 2,
      sin_autorizar: 3,
      pagado: 1,
    },
    rows: [
      boardRow({
        child_id: 11,
        child_name: 'Álvaro Gómez',
        signup: 'va',
        answers: { '7': 'Frutos secos' },
        authorization: {
          state: 'online',
          via: 'online',
          signatures: [
            {
              id: 90,
              method: 'online',
              signer_name: 'Marta Gómez',
              signed_at: '2027-01-05T18:00:00Z',
            },
            {
              id: 91,
              method: 'online',
              signer_name: 'Pedro Gómez',
              signed_at: '2027-01-05T19:00:00Z',
            },
          ],
        },
        payment: { amount_cents: 3500, method: 'bizum', recorded_at: '2027-01-06T10:00:00Z' },
      }),
      boardRow({
        child_id: 12,
        child_name: 'Bea Ruiz',
        signup: 'va',
        answers: { '7': 'Ninguna' },
        authorization: {
          state: 'partial',
          via: 'online',
          signatures: [
            {
              id: 92,
              method: 'online',
              signer_name: 'Ana Ruiz',
              signed_at: '2027-01-06T18:00:00Z',
            },
          ],
        },
      }),
      boardRow({
        child_id: 13,
        child_name: 'Carlos Díaz',
        signup: 'espera',
        waiting_position: 1,
        authorization: {
          state: 'paper',
          via: 'paper',
          signatures: [
            { id: 93, method: 'paper', signer_name: null, signed_at: '2027-01-07T18:00:00Z' },
          ],
        },
      }),
      boardRow({ child_id: 14, child_name: 'Diana López', signup: 'no_va' }),
      boardRow({ child_id: 15, child_name: 'Eva Martín' }),
    ],
  };
}
