import { z } from 'zod';

/*
 * The group's sections (issue #24, decision 045). A new installation has SPEC §1's four; an admin
 * renames, adds and retires them. A retired section keeps its children and albums, and no longer
 * appears among the choices for new ones.
 */

/** A section as the API returns it. `colour` is `#rrggbb`, the colour of its badge. */
export const sectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  min_age: z.number().int(),
  max_age: z.number().int(),
  position: z.number().int(),
  colour: z.string(),
  retired: z.boolean(),
});
export type Section = z.infer<typeof sectionSchema>;

/** What a badge needs of a section: an album's audience, a child's section. */
export const sectionRefSchema = sectionSchema.pick({ id: true, name: true, colour: true });
export type SectionRef = z.infer<typeof sectionRefSchema>;
