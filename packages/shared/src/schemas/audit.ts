import { z } from 'zod';

/**
 * What the audit trail records (decision 019): the acts that expose or withdraw the children's
 * photos, and the acts on accounts. Append-only; the app has no call that edits or deletes one.
 */
export const AUDIT_ACTIONS = [
  'album.published',
  'album.unpublished',
  'album.deleted',
  'album.audience_changed',
  'photo.hidden',
  'photo.deleted',
  'hide_request.resolved',
  'user.role_changed',
  'user.deleted',
  'invitation.sent',
  'invitation.revoked',
  // Sections and children (decision 140).
  'section.created',
  'section.updated',
  'section.retired',
  'child.created',
  'child.updated',
  'child.moved',
  'guardian.linked',
  'guardian.unlinked',
  // Revisar caras: one entry per review saved (never a child's name in it; decision 077).
  'faces.reviewed',
  // The consent register and a family's blur request (decisions 070–074).
  'consent.recorded',
  'consent_text.created',
  'face.blur_requested',
  // A family takes its blur request back ('Dejar de difuminar', decision 073).
  'face.blur_withdrawn',
  // The group's settings, `details` { setting, from, to } (decision 088).
  'settings.changed',
  // The autorización (activities): signed online, withdrawn, recorded from paper; the admin's text
  // and delegado/a; a member's DNI/NIE changed. Never the DNI itself in the details.
  'authorization.signed',
  'authorization.withdrawn',
  'authorization.paper_recorded',
  'authorization_text.created',
  'protection_delegate.changed',
  'dni.changed',
  // Activities: the board's payments and the reminders sent (issue 36); `details.child` by number.
  'activity.payment_recorded',
  'activity.payment_deleted',
  'activity.reminders_sent',
  // Activities (issue 36): created, edited (`details.fields`), moved to another state
  // (`details` { from, to }), a borrador deleted, a child's answer changed (`details` { child, from,
  // to }: the child by id, never by name).
  'activity.created',
  'activity.updated',
  'activity.status_changed',
  'activity.deleted',
  'activity.signup_changed',
  // La ficha sanitaria: saved or confirmed by a guardian; the child by number, the
  // activity (`details.activity`) when confirmed for one; never its content.
  'health.saved',
  'health.confirmed',
  // The adults around the children (issue 37): a certificado negativo seen (`details.issued_on`).
  'safeguarding.certificate_recorded',
  // A camp setting changed (ratio, renewal, retention), `details` { setting, from, to }.
  'safeguarding.settings_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about; `album`, `photo`, `hide_request`, `user` or `invitation`. */
export const AUDIT_TARGETS = [
  'album',
  'photo',
  'hide_request',
  'user',
  'invitation',
  'section',
  'child',
  'news',
  'experience',
  'consent_text',
  'settings',
  // The autorización (activities).
  'authorization',
  'authorization_text',
  'activity',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGETS)[number];

/**
 * One entry as the API returns it. `actor_name` and `target_label` are copied when the entry is
 * written, so the entry still reads right after the user, album or photo is gone. `details` is a
 * small object of strings (e.g. `{ from: 'usuario', to: 'scouter' }` for a role change).
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target_type: z.enum(AUDIT_TARGETS),
  target_id: z.number().int().nullable(),
  target_label: z.string().nullable(),
  details: z.record(z.string(), z.string()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Entries per page of the admin panel's audit section, and the most one request may ask for. */
export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_MAX_LIMIT = 100;

/**
 * GET /admin/audit query: page ≥ 1 (default 1), limit 1–100 (default 20); newest first. The answer
 * is a plain array (every list of the API is one) with the total in the `X-Total-Count` header.
 */
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(AUDIT_MAX_LIMIT).default(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The header carrying how many entries there are in all. */
export const AUDIT_TOTAL_HEADER = 'x-total-count';
