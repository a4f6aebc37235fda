import { z } from 'zod';
import { ROLES } from '../limits.js';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  avatar_url: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** The payload of a session token: the session's user, exp and iat in seconds (decision 016). */
export const sessionPayloadSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  name: z.string(),
  iat: z.number(),
  exp: z.number(),
});
export type SessionPayload = z.infer<typeof sessionPayloadSchema>;

export const loginResultSchema = z.object({
  user: userSchema,
  token: z.string(),
  message: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;
