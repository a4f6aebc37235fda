import type { Role } from '@fogata/shared';
import { expect } from 'vitest';

/** The public user a sign-in or a registration answers with. */
export interface AnsweredUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  avatar_url: string | null;
  created_at: string;
}

/**
 * Checks the answer of a sign-in or a registration: `status`, the Spanish `message`, and exactly
 * the public `user` (expected values or matchers; never a password hash). Returns its body.
 */
export function expectSessionAnswer(
  res: { statusCode: number; json(): unknown },
  status: number,
  message: string,
  user: { [K in keyof AnsweredUser]: unknown },
): { message: string; user: AnsweredUser; token: string } {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { message: string; user: AnsweredUser; token: string };
  expect(body.message).toBe(message);
  expect(body.user).toEqual(user);
  expect(body.user).not.toHaveProperty('password_hash');
  return body;
}
