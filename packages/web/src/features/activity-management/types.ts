import type {
  ActivityKind,
  ActivityStaff,
  ActivityStatus,
  AuthorizationMethod,
  AuthorizationState,
  PaymentMethod,
  QuestionKind,
  SectionRef,
} from '@fogata/shared';

/*
 * What the managers' screens read of the activities' API (docs/activities-api.md): only the
 * fields they use, so a field the server adds changes nothing here.
 */

export type SignupShown = 'pendiente' | 'va' | 'no_va' | 'espera';

export interface ActivityQuestion {
  id: number;
  label: string;
  kind: QuestionKind;
  options: string[] | null;
  required: boolean;
}

/** GET /api/activities/:id, as a manager reads it. */
export interface ManagedActivity {
  id: number;
  title: string;
  kind: ActivityKind;
  status: ActivityStatus;
  starts_at: string;
  ends_at: string;
  repeats_weekly_until: string | null;
  place: string;
  audience: SectionRef[];
  meeting_point: string;
  meeting_at: string;
  return_point: string;
  return_at: string;
  transport: string;
  price_cents: number | null;
  places: number | null;
  taken: number;
  signup_deadline: string;
  in_charge: { id: number; name: string } | null;
  description: string;
  both_guardians: boolean;
  questions: ActivityQuestion[];
  can_manage: boolean;
}

/** POST /api/activities and PUT /api/activities/:id. */
export interface ActivityBody {
  title: string;
  kind: ActivityKind;
  section_ids: number[];
  starts_at: string;
  ends_at: string;
  repeats_weekly_until: string | null;
  place: string;
  meeting_point: string;
  meeting_at: string;
  return_point: string;
  return_at: string;
  transport: string;
  price_cents: number | null;
  places: number | null;
  signup_deadline: string;
  in_charge_id: number | null;
  description: string;
  both_guardians: boolean;
  questions: {
    id?: number;
    label: string;
    kind: QuestionKind;
    options: string[] | null;
    required: boolean;
  }[];
  publish?: boolean;
}

export interface BoardPayment {
  amount_cents: number;
  method: PaymentMethod;
  recorded_at: string;
}

export interface BoardRow {
  child_id: number;
  child_name: string;
  section: SectionRef;
  signup: SignupShown;
  waiting_position: number | null;
  answers: Record<string, string | boolean>;
  authorization: {
    state: AuthorizationState;
    via: AuthorizationMethod | null;
    signatures: {
      id: number;
      method: AuthorizationMethod;
      signer_name: string | null;
      signed_at: string;
    }[];
  };
  payment: BoardPayment | null;
}

export interface BoardCounts {
  total: number;
  pendiente: number;
  va: number;
  no_va: number;
  espera: number;
  autorizado: number;
  sin_autorizar: number;
  pagado: number;
}

/** GET /api/activities/:id/board: the activity as its manager reads it, its counts and rows. */
export interface Board {
  activity: ManagedActivity;
  counts: BoardCounts;
  rows: BoardRow[];
  /** The adults who go and the ratio (the staff panel starts from it). */
  staff?: ActivityStaff;
}
