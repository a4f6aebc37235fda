import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { storedText } from './common.js';

/** An optional free text of up to 500 characters; blank means none. */
const optionalText = (tooLong: string) =>
  storedText(z.string().trim().max(LIMITS.removalReasonMax, { error: tooLong })).optional();

/** POST /photos/{id}/removal-request: why the member asks (optional). */
export const removalRequestBodySchema = z.object({
  reason: optionalText(MSG.removalReasonTooLong),
});
export type RemovalRequestBody = z.infer<typeof removalRequestBodySchema>;

/** How a manager resolves a request: delete the photo, keep it hidden, or show it again. */
export const REMOVAL_ACTIONS = ['delete', 'keep', 'show'] as const;
export type RemovalAction = (typeof REMOVAL_ACTIONS)[number];

/** POST /removal-requests/{id}/resolve: the action and a note for the requester (optional). */
export const removalResolveBodySchema = z.object({
  action: z.enum(REMOVAL_ACTIONS),
  note: optionalText(MSG.removalNoteTooLong),
});
export type RemovalResolveBody = z.infer<typeof removalResolveBodySchema>;

/**
 * pending: the photo is hidden and waits for a manager; kept: hidden for good; shown: visible
 * again; deleted: the photo is gone.
 */
export const REMOVAL_STATUSES = ['pending', 'kept', 'shown', 'deleted'] as const;
export type RemovalStatus = (typeof REMOVAL_STATUSES)[number];

/** A request as its author sees it (GET /removal-requests/mine): never the photo itself. */
export const myRemovalRequestSchema = z.object({
  id: z.number().int(),
  photo_id: z.number().int().nullable(),
  album_id: z.number().int().nullable(),
  album_title: z.string(),
  reason: z.string().nullable(),
  status: z.enum(REMOVAL_STATUSES),
  resolution_note: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type MyRemovalRequest = z.infer<typeof myRemovalRequestSchema>;

/** A request as managers see it (GET /removal-requests): with the photo's thumbnail and who asked. */
export const removalRequestSchema = myRemovalRequestSchema.extend({
  photo_thumb: z.string().nullable(),
  requester_name: z.string().nullable(),
  resolver_name: z.string().nullable(),
});
export type RemovalRequest = z.infer<typeof removalRequestSchema>;

/** Answer of POST /photos/{id}/removal-request. */
export const removalRequestResultSchema = z.object({
  message: z.string(),
  request: myRemovalRequestSchema,
});

/** How each status reads on screen, for managers and for the member who asked. */
export const REMOVAL_STATUS_LABELS: Record<RemovalStatus, string> = {
  pending: 'Pendiente: la foto está oculta mientras el equipo la revisa',
  kept: 'Resuelta: la foto sigue oculta',
  shown: 'Resuelta: la foto vuelve a verse',
  deleted: 'Resuelta: la foto se eliminó',
};
