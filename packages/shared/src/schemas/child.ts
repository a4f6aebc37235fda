import { z } from 'zod';
import { sectionRefSchema } from './section.js';

/*
 * The group's children (educandos) and their guardians (issue #24, decision 045). A child's full
 * name is seen only by managers (an admin: every child; a scouter: the children of their sections)
 * and by that child's own guardians; never by other families, never on a public page.
 */

/** A guardian as a manager sees them beside a child. */
export const guardianSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type Guardian = z.infer<typeof guardianSchema>;

/** A child as a manager sees them. `birth_date` is `YYYY-MM-DD`. */
export const childSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  birth_date: z.string(),
  section: sectionRefSchema,
  active: z.boolean(),
  guardians: z.array(guardianSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Child = z.infer<typeof childSchema>;

/** A child as their guardian sees them in 'Mis educandos': the name and the section. */
export const ownChildSchema = childSchema.pick({ id: true, full_name: true, section: true });
export type OwnChild = z.infer<typeof ownChildSchema>;
