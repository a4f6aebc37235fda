import type { AppContext } from '../context.js';
import { HealthService } from '../modules/health/health.service.js';
import type { UserRow } from '../modules/users/users.repository.js';
import type { DemoActivityIds } from './demo-activities.js';
import { DEMO_HEALTH } from './demo-content.js';

/*
 * On camp in the demo: the families' fichas sanitarias, filled through the calls a guardian
 * uses (sealed like real ones), and confirmed for the acantonamiento their children go to.
 */

export interface DemoCampPeople {
  /** Each child's id and the guardian who keeps their ficha (none: the child has no guardian). */
  children: Map<string, { id: number; guardian: UserRow | null }>;
}

/** Fills the fichas and confirms them for the acantonamiento; returns how many fichas. */
export async function seedDemoCamp(
  ctx: AppContext,
  people: DemoCampPeople,
  activities: DemoActivityIds,
  now: Date,
): Promise<number> {
  const health = new HealthService(ctx);
  let fichas = 0;
  for (const [name, ficha] of Object.entries(DEMO_HEALTH)) {
    const child = people.children.get(name);
    if (!child?.guardian) throw new Error(`Educando de demostración sin familia: ${name}`);
    await health.save(child.guardian, child.id, ficha, now);
    fichas += 1;
  }
  // The Tropa's two families said the ficha is up to date when they signed up.
  for (const name of ['Hugo López Martín', 'Pablo Gómez Ortega']) {
    const child = people.children.get(name);
    if (!child?.guardian) throw new Error(`Educando de demostración sin familia: ${name}`);
    await health.confirm(child.guardian, child.id, activities.acantonamiento, now);
  }
  return fichas;
}
