import type { AuthorizationState } from '@fogata/shared';
import Badge from 'react-bootstrap/Badge';
import type { ChildActivityStatus, SignupShown } from '../api/types';
import { ACTIVITY_TEXTS as T } from '../texts';

const SIGNUP_LOOK: Record<SignupShown, { bg: string; text?: 'dark' }> = {
  pendiente: { bg: 'warning', text: 'dark' },
  va: { bg: 'success' },
  no_va: { bg: 'secondary' },
  espera: { bg: 'light', text: 'dark' },
};

/**
 * A child's answer in words: a waiting child reads its place in line, never «Va» (it is not in
 * until a place frees); one never answered for an activity that is over reads «Sin respuesta»,
 * not «Pendiente» (there is nothing left to answer).
 */
export function signupText(
  child: Pick<ChildActivityStatus, 'signup' | 'waiting_position'>,
  over = false,
) {
  if (child.signup === 'pendiente' && over) return T.noReply;
  return child.signup === 'espera' ? T.waiting(child.waiting_position) : T.signup[child.signup];
}

/** Whether an activity can no longer be answered at all: it has begun, been held or cancelled. */
export function isOver(
  activity: { status: string; starts_at: string },
  now: number = Date.now(),
): boolean {
  return (
    activity.status === 'celebrada' ||
    activity.status === 'cancelada' ||
    Date.parse(activity.starts_at) <= now
  );
}

/** The child's answer as a badge. */
export function SignupBadge({
  child,
  over = false,
}: {
  child: ChildActivityStatus;
  over?: boolean;
}) {
  const look = child.signup === 'pendiente' && over ? SIGNUP_LOOK.no_va : SIGNUP_LOOK[child.signup];
  return (
    <Badge
      bg={look.bg}
      text={look.text}
      className={`text-wrap text-start${child.signup === 'espera' ? ' border' : ''}`}
    >
      {signupText(child, over)}
    </Badge>
  );
}

/** Whether a child who goes still waits for a signature of the autorización. */
export function needsSignature(child: ChildActivityStatus): boolean {
  const state: AuthorizationState = child.authorization.state;
  return child.signup === 'va' && (state === 'missing' || state === 'partial');
}
