import { z } from 'zod';
import { INVITATION_STATUSES, ROLES } from '../limits.js';
import { MSG } from '../messages.js';
import { limitField, MAX_ID, pageField, parseId } from './common.js';
import { sectionRefSchema } from './section.js';
import { userSchema } from './user.js';

/*
 * The admin panel at the size of a real group (decision 051): the users' and
 * the invitations' tables searched, filtered and paged on the server. The Spanish answers live
 * here, next to the shapes they belong to (as MY_DATA_MESSAGES does).
 */
/** The most children one invitation may carry. */
export const INVITATION_CHILDREN_MAX = 10;

export const ADMIN_PANEL_MESSAGES = {
  searchTooLong: 'La búsqueda no puede tener más de 100 caracteres.',
  roleFilterInvalid: MSG.invitationRoleInvalid,
  statusFilterInvalid: 'Estado seleccionado no válido.',
  sectionFilterInvalid: 'Sección seleccionada no válida.',
  invitationChildrenInvalid: 'Los educandos elegidos no son válidos.',
  invitationChildrenTooMany: `Una invitación puede llevar como mucho ${INVITATION_CHILDREN_MAX} educandos.`,
  invitationChildNotFound: 'Alguno de los educandos elegidos no existe.',
  invitationChildNotManaged: 'Solo puedes invitar a la familia de tus educandos.',
} as const;

/** Rows per page of the admin panel's users and invitations tables (at most limitField's). */
export const ADMIN_PAGE_SIZE = 20;

/** A search: trimmed; empty is no search. */
const searchField = z
  .string()
  .max(100, { error: ADMIN_PANEL_MESSAGES.searchTooLong })
  .transform((q) => q.trim())
  .optional();
/** An empty select sends `''`: no filter. */
const blankIsNone = (value: unknown) => (value === '' ? undefined : value);

/**
 * The paging both lists share: without `page` and `limit` the answer is the whole list, as
 * the product first defined it; with either, that page (the other one defaulted) and the total in
 * `X-Total-Count`.
 */
const pagingFields = {
  page: z.preprocess(blankIsNone, pageField.optional()),
  limit: z.preprocess(blankIsNone, limitField.optional()),
};

/** GET /admin/users: q (name or e-mail), role, section (scouter of it or guardian in it). */
export const adminUsersQuerySchema = z.object({
  q: searchField,
  role: z.preprocess(
    blankIsNone,
    z.enum(ROLES, { error: ADMIN_PANEL_MESSAGES.roleFilterInvalid }).optional(),
  ),
  section: z.preprocess(
    blankIsNone,
    z
      .string({ error: ADMIN_PANEL_MESSAGES.sectionFilterInvalid })
      .refine((raw) => parseId(raw) !== null, { error: ADMIN_PANEL_MESSAGES.sectionFilterInvalid })
      .transform((raw) => parseId(raw) as number)
      .optional(),
  ),
  ...pagingFields,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** GET /invitations: q (e-mail, or the name of a child it carries), role, status. */
export const invitationsQuerySchema = z.object({
  q: searchField,
  role: z.preprocess(
    blankIsNone,
    z.enum(ROLES, { error: ADMIN_PANEL_MESSAGES.roleFilterInvalid }).optional(),
  ),
  status: z.preprocess(
    blankIsNone,
    z.enum(INVITATION_STATUSES, { error: ADMIN_PANEL_MESSAGES.statusFilterInvalid }).optional(),
  ),
  ...pagingFields,
});
export type InvitationsQuery = z.infer<typeof invitationsQuerySchema>;

/**
 * A user as the admin panel lists them: how many active children they are the guardian of, and
 * the sections they belong to (a scouter's assigned ones, and their active children's).
 */
export const adminUserSchema = userSchema.extend({
  children_count: z.number().int(),
  sections: z.array(sectionRefSchema),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The ids of the children an invitation links (POST /invitations). */
export const invitationChildrenField = z
  .array(
    z
      .number({ error: ADMIN_PANEL_MESSAGES.invitationChildrenInvalid })
      .int({ error: ADMIN_PANEL_MESSAGES.invitationChildrenInvalid })
      .min(1, { error: ADMIN_PANEL_MESSAGES.invitationChildrenInvalid })
      .max(MAX_ID, { error: ADMIN_PANEL_MESSAGES.invitationChildrenInvalid }),
    { error: ADMIN_PANEL_MESSAGES.invitationChildrenInvalid },
  )
  .max(INVITATION_CHILDREN_MAX, { error: ADMIN_PANEL_MESSAGES.invitationChildrenTooMany });

/** A child an invitation carries, as the (admin-only) invitations list shows it. */
export const invitationChildSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  section: sectionRefSchema,
});
export type InvitationChild = z.infer<typeof invitationChildSchema>;

/** The header carrying how many rows match in all (as the audit list's). */
export const TOTAL_COUNT_HEADER = 'x-total-count';
