import type {
  AuthorizationForm,
  ChildActivityStatus,
  SignAuthorizationInput,
} from '@fogata/shared';

/*
 * What the server answers for 'Actividades' (docs/activities-api.md): shared's schemas, under the
 * names the family's screens read them by.
 */
export type {
  Activity,
  ActivityList,
  ActivityQuestion,
  ActivitySummary,
  CalendarFeeds,
  ChildActivityStatus,
  SignupBody,
  SignupShown,
} from '@fogata/shared';

export type AnswerValue = string | boolean;

/** A standing signature of a child's autorización. */
export type ShownSignature = ChildActivityStatus['authorization']['signatures'][number];

/** What a guardian reads before signing: the template and every value but their own two. */
export type AuthorizationToSign = AuthorizationForm;
export type SignBody = SignAuthorizationInput;
