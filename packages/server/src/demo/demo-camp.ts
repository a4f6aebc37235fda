import type { AppContext } from '../context.js';
import { AuthorizationsService } from '../modules/authorizations/authorizations.service.js';
import { CampStaffService } from '../modules/camp-staff/camp-staff.service.js';
import { HealthService } from '../modules/health/health.service.js';
import { SafeguardingService } from '../modules/safeguarding/safeguarding.service.js';
import type { UserRow } from '../modules/users/users.repository.js';
import type { DemoActivityIds } from './demo-activities.js';
import { DEMO_HEALTH } from './demo-content.js';

/*
 * On camp in the demo, through the calls the families and the admin use: the families' fichas
 * sanitarias (sealed like real ones) confirmed for the acantonamiento their children go to; the
 * adults who go with each activity; the certificados negativos the admin has seen (one falls due
 * soon, one scouter has none yet); and the group's delegada de protección.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoCampPeople {
  admin: UserRow;
  /** Each child's id and the guardian who keeps their ficha (none: the child has no guardian). */
  children: Map<string, { id: number; guardian: UserRow | null }>;
}

/** The day in Madrid `days` before `now`, as certificados are dated. */
const daysBefore = (now: Date, days: number) =>
  new Date(now.getTime() - days * DAY_MS).toLocaleDateString('sv-SE', {
    timeZone: 'Europe/Madrid',
  });

/** Fills the fichas, names the staff, the certificados and the delegada; returns how many fichas. */
export async function seedDemoCamp(
  ctx: AppContext,
  people: DemoCampPeople,
  activities: DemoActivityIds,
  now: Date,
): Promise<number> {
  const { admin } = people;
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

  // The admin's own certificado was seen ten months ago: with yearly renewal it falls due in
  // two, so the list shows it «Caduca pronto». (The scouter's was recorded before naming him in
  // charge; the new scouter, Alberto, has none.)
  await new SafeguardingService(ctx).recordCertificate(
    admin,
    { user_id: admin.id, issued_on: daysBefore(now, 304) },
    now,
  );
  // The scouter in charge is on the staff already; the admin goes to the acampada and went to
  // the Manada's salida.
  const staff = new CampStaffService(ctx);
  await staff.add(admin, activities.acampada, admin.id);
  await staff.add(admin, activities.salida, admin.id);

  await new AuthorizationsService(ctx).setDelegate(admin, {
    user_id: admin.id,
    contact: 'proteccion@demo.fogata.local o 600 123 456',
  });
  return fichas;
}
