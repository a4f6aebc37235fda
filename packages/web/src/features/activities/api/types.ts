import type {
  ActivityKind,
  ActivityStatus,
  AuthorizationForm,
  AuthorizationState,
  activitySignatureSchema,
  QuestionKind,
  SectionRef,
  SignAuthorizationInput,
} from '@fogata/shared';
import type { z } from 'zod';

/*
 * What the server answers for 'Actividades', as docs/activities-api.md maps it: the shapes the
 * family's screens read.
 */

/** A child's answer as shown: no row yet is «Pendiente». */
export type SignupShown = 'pendiente' | 'va' | 'no_va' | 'espera';

export type AnswerValue = string | boolean;

// Integration of act-auth and act-web: the signature's shape now lives in activity.ts (core).
export type ShownSignature = z.infer<typeof activitySignatureSchema>;

/** One of the viewer's own children in the activity's audience. */
export interface ChildActivityStatus {
  child_id: number;
  child_name: string;
  signup: SignupShown;
  /** 1 = first in line; null unless 'espera'. */
  waiting_position: number | null;
  answers: Record<string, AnswerValue>;
  authorization: {
    state: AuthorizationState;
    required_signers: number;
    signatures: ShownSignature[];
  };
}

export interface ActivitySummary {
  id: number;
  title: string;
  kind: ActivityKind;
  status: ActivityStatus;
  starts_at: string;
  ends_at: string;
  place: string;
  /** [] = todo el grupo. */
  audience: SectionRef[];
  signup_deadline: string;
  places: number | null;
  /** Children with 'va'. */
  taken: number;
  children: ChildActivityStatus[];
  /** A child of theirs pending, or an autorización missing. */
  needs_answer: boolean;
}

export interface ActivityQuestion {
  id: number;
  label: string;
  kind: QuestionKind;
  options: string[] | null;
  required: boolean;
}

export interface Activity extends ActivitySummary {
  repeats_weekly_until: string | null;
  meeting_point: string;
  meeting_at: string | null;
  return_point: string;
  return_at: string | null;
  transport: string;
  price_cents: number | null;
  in_charge: { id: number; name: string } | null;
  description: string;
  both_guardians: boolean;
  questions: ActivityQuestion[];
  can_manage: boolean;
  /** Publicada and before the deadline. */
  signups_open: boolean;
  cancelled_at: string | null;
}

export interface ActivityList {
  upcoming: ActivitySummary[];
  past: ActivitySummary[];
  past_total: number;
  page_size: number;
}

export interface SignupBody {
  going: boolean;
  answers: Record<string, AnswerValue>;
}

/** What a guardian reads before signing: the template and every value but their own two. */
export type AuthorizationToSign = AuthorizationForm;
export type SignBody = SignAuthorizationInput;

export interface CalendarFeeds {
  family: string | null;
  sections: { section: SectionRef; url: string }[];
}
