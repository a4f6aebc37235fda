import type { Activity, ActivitySummary, ChildActivityStatus } from '../api/types';

/** A child of the viewer's, pending, with no autorización yet. */
export function childData(
  id: number,
  overrides: Partial<ChildActivityStatus> = {},
): ChildActivityStatus {
  return {
    child_id: id,
    child_name: `Educando ${id}`,
    signup: 'pendiente',
    waiting_position: null,
    answers: {},
    authorization: { state: 'missing', required_signers: 1, signatures: [] },
    health: { filled: false, confirmed_for_activity: false },
    ...overrides,
  };
}

/** A published Tropa acampada on a March weekend (Madrid in winter time: UTC+1). */
export function summaryData(id: number, overrides: Partial<ActivitySummary> = {}): ActivitySummary {
  return {
    id,
    title: `Actividad ${id}`,
    kind: 'acampada',
    status: 'publicada',
    starts_at: '2027-03-13T09:00:00.000Z',
    ends_at: '2027-03-14T16:00:00.000Z',
    place: 'Albergue de Canencia',
    audience: [{ id: 3, name: 'Tropa', colour: '#1c7ed6' }],
    signup_deadline: '2027-03-10T22:59:00.000Z',
    places: 12,
    taken: 4,
    children: [],
    needs_answer: false,
    ...overrides,
  };
}

/** The whole activity, with one optional text question and one required yes/no. */
export function activityData(id: number, overrides: Partial<Activity> = {}): Activity {
  return {
    ...summaryData(id),
    repeats_weekly_until: null,
    meeting_point: 'Plaza de Castilla',
    meeting_at: '2027-03-13T08:30:00.000Z',
    return_point: 'Plaza de Castilla',
    return_at: '2027-03-14T17:00:00.000Z',
    transport: 'Autobús',
    price_cents: 2500,
    in_charge: { id: 7, name: 'Laura Scouter' },
    description: 'Dos días en la sierra.\nTraed saco y esterilla.',
    both_guardians: false,
    questions: [
      { id: 11, label: '¿Alergias o dieta?', kind: 'text', options: null, required: false },
      { id: 12, label: '¿Sabe nadar?', kind: 'yesno', options: null, required: true },
    ],
    can_manage: false,
    signups_open: true,
    cancelled_at: null,
    protection_delegate: null,
    ...overrides,
  };
}
