// Activities' figures for `npm run bench -- activities` (scripts/bench/activities.mjs bundles and
// runs this): the app in this process on a fresh SQLite file, a real group seeded straight in the
// database — 120 children in four sections, their families, 40 activities with their sign-ups,
// autorizaciones and payments — and the board and the list read over real HTTP, each request's
// SQL statements counted. Never fails on a time.

import type { FastifyInstance } from 'fastify';
import { searchKey } from '../db/search-key.js';
import { nowIso } from '../lib/tokens.js';
import { insertChunked, timedGets } from './bench-gallery.js';
import { buildTestApp } from './build-app.js';
import { createUser, type TestUser } from './factories.js';
import { assignScouter } from './family-factories.js';

const CHILDREN = 120;
const ACTIVITIES = 40;
const DAY = 24 * 3600_000;

interface Seeded {
  admin: TestUser;
  scouter: TestUser;
  family: TestUser;
  /** The whole group's camp: every child in its board. */
  camp: number;
  /** A section's outing. */
  outing: number;
}

/** The group: children in the four sections, families of one or two, activities with answers. */
async function seed(app: FastifyInstance): Promise<Seeded> {
  const db = app.ctx.db.kysely;
  const now = nowIso();
  const sections = (await db.selectFrom('sections').select('id').orderBy('position').execute()).map(
    (s) => s.id,
  );
  const admin = await createUser(app, { role: 'admin' });
  const scouter = await createUser(app, { role: 'scouter' });
  await assignScouter(app, scouter.row.id, [sections[1]!]);

  // Families of two guardians; one in three with two children.
  const children: { id: number; section: number }[] = [];
  const guardians: { user_id: number; child_id: number; created_at: string }[] = [];
  let family: TestUser | undefined;
  for (let c = 0; c < CHILDREN; ) {
    const parents = [await createUser(app), await createUser(app)];
    family ??= parents[0];
    const siblings = c % 3 === 0 && c + 1 < CHILDREN ? 2 : 1;
    for (let s = 0; s < siblings; s += 1, c += 1) {
      const section = sections[c % sections.length]!;
      const name = `Educando ${String(c).padStart(3, '0')}`;
      const row = await db
        .insertInto('children')
        .values({
          full_name: name,
          name_search: searchKey(name),
          birth_date: '2014-05-05',
          section_id: section,
          active: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      children.push({ id: row.id, section });
      for (const parent of parents) {
        guardians.push({ user_id: parent.row.id, child_id: row.id, created_at: now });
      }
    }
  }
  await insertChunked(guardians, (chunk) => db.insertInto('guardians').values(chunk).execute());

  // Forty activities over the year: a third for the whole group, the rest for one section; half
  // past, half coming; each with two questions and most children answered.
  const ids: number[] = [];
  for (let a = 0; a < ACTIVITIES; a += 1) {
    const starts = new Date(Date.now() + (a - ACTIVITIES / 2) * 9 * DAY).toISOString();
    const ends = new Date(Date.parse(starts) + 2 * DAY).toISOString();
    const whole = a % 3 === 0;
    const row = await db
      .insertInto('activities')
      .values({
        title: `Actividad ${a}`,
        kind: whole ? 'campamento' : 'salida',
        status: a < ACTIVITIES / 2 ? 'celebrada' : 'publicada',
        starts_at: starts,
        ends_at: ends,
        repeats_weekly_until: null,
        place: 'Albergue',
        meeting_point: 'Local',
        meeting_at: starts,
        return_point: 'Local',
        return_at: ends,
        transport: 'Autobús',
        price_cents: 9000,
        places: whole ? 100 : null,
        signup_deadline: new Date(Date.parse(starts) - 3 * DAY).toISOString(),
        in_charge_id: null,
        description: 'Una actividad del grupo.',
        both_guardians: whole ? 1 : 0,
        sequence: 0,
        terms_changed_at: now,
        published_at: now,
        cancelled_at: null,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
    const section = sections[a % sections.length]!;
    if (!whole) {
      await db
        .insertInto('activity_sections')
        .values({ activity_id: row.id, section_id: section })
        .execute();
    }
    const questions = await db
      .insertInto('activity_questions')
      .values([
        {
          activity_id: row.id,
          position: 0,
          label: '¿Alergias?',
          kind: 'text',
          options: null,
          required: 0,
        },
        {
          activity_id: row.id,
          position: 1,
          label: '¿Sabe nadar?',
          kind: 'yesno',
          options: null,
          required: 1,
        },
      ])
      .returning('id')
      .execute();
    const audience = children.filter((c) => whole || c.section === section);
    const signups = [];
    const authorizations = [];
    const payments = [];
    for (const [i, child] of audience.entries()) {
      if (i % 6 === 5) continue; // pending
      const status = i % 6 === 4 ? 'no_va' : whole && i >= 100 ? 'espera' : 'va';
      signups.push({
        activity_id: row.id,
        child_id: child.id,
        status,
        queued_at: new Date(Date.now() + i).toISOString(),
        answers: JSON.stringify({ [questions[0]!.id]: 'Ninguna', [questions[1]!.id]: i % 2 === 0 }),
        updated_by: null,
        created_at: now,
        updated_at: now,
      } as const);
      if (status !== 'va') continue;
      const parents = guardians.filter((g) => g.child_id === child.id);
      for (const parent of parents.slice(0, i % 3 === 0 ? 1 : 2)) {
        authorizations.push({
          activity_id: row.id,
          child_id: child.id,
          method: 'online' as const,
          guardian_id: parent.user_id,
          signer_name: 'Tutor de prueba',
          signer_dni: '12345678Z',
          text: 'Texto firmado',
          text_sha256: 'a'.repeat(64),
          text_version: 1,
          ip: '127.0.0.1',
          user_agent: 'bench',
          confirmed_with: 'password' as const,
          paper_key: null,
          note: null,
          recorded_by: null,
          signed_at: now,
          withdrawn_at: null,
          superseded_at: null,
        });
      }
      if (i % 2 === 0) {
        payments.push({
          activity_id: row.id,
          child_id: child.id,
          amount_cents: 9000,
          method: 'bizum' as const,
          recorded_by: null,
          recorded_at: now,
        });
      }
    }
    await insertChunked(signups, (chunk) =>
      db.insertInto('activity_signups').values(chunk).execute(),
    );
    await insertChunked(authorizations, (chunk) =>
      db.insertInto('activity_authorizations').values(chunk).execute(),
    );
    await insertChunked(payments, (chunk) =>
      db.insertInto('activity_payments').values(chunk).execute(),
    );
  }
  // The coming whole-group camp, and a coming section outing of the scouter's section.
  const coming = ids.slice(ACTIVITIES / 2);
  const camp = coming.find((_, i) => (i + ACTIVITIES / 2) % 3 === 0)!;
  const outing = coming.find(
    (_, i) => (i + ACTIVITIES / 2) % sections.length === 1 && (i + ACTIVITIES / 2) % 3 !== 0,
  )!;
  return { admin, scouter, family: family!, camp, outing };
}

/** Median and p95 of `count` sequential GETs of `path`, and the statements one of them runs. */
async function measure(
  app: FastifyInstance,
  base: string,
  path: string,
  token: string,
  count: number,
): Promise<string> {
  const { times, queries, bytes } = await timedGets(app, base, path, token, count);
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return `mediana ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, ${queries} consultas por petición, ${(bytes / 1024).toFixed(0)} KiB`;
}

/** The activities' lines of the benchmark. */
export async function activityFigures(): Promise<string[]> {
  const t = await buildTestApp({ logLevel: 'silent' });
  try {
    const started = performance.now();
    const s = await seed(t.app);
    const seedMs = performance.now() - started;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    const lines = [
      `actividades sembradas (${CHILDREN} educandos en 4 secciones, sus familias, ${ACTIVITIES} actividades con inscripciones, firmas y pagos): ${seedMs.toFixed(0)} ms`,
      `GET /api/activities/:id/board (campamento de todo el grupo, ${CHILDREN} educandos), administrador ×50: ${await measure(t.app, base, `/activities/${s.camp}/board`, s.admin.token, 50)}`,
      `GET /api/activities/:id/board (salida de una sección), scouter ×50: ${await measure(t.app, base, `/activities/${s.outing}/board`, s.scouter.token, 50)}`,
      `GET /api/activities/:id/participants.csv (campamento) ×20: ${await measure(t.app, base, `/activities/${s.camp}/participants.csv`, s.admin.token, 20)}`,
      `GET /api/activities/:id/participants.pdf (campamento) ×10: ${await measure(t.app, base, `/activities/${s.camp}/participants.pdf`, s.admin.token, 10)}`,
    ];
    // The list is the activities module's: measured when this build has it.
    const list = await fetch(`${base}/activities`, {
      headers: { authorization: `Bearer ${s.family.token}` },
    });
    if (list.ok) {
      lines.push(
        `GET /api/activities (${ACTIVITIES} actividades), familia ×50: ${await measure(t.app, base, '/activities', s.family.token, 50)}`,
        `GET /api/activities, scouter ×50: ${await measure(t.app, base, '/activities', s.scouter.token, 50)}`,
        `GET /api/activities, administrador ×50: ${await measure(t.app, base, '/activities', s.admin.token, 50)}`,
      );
    } else {
      lines.push(`GET /api/activities: no disponible en esta versión (${list.status})`);
    }
    return lines;
  } finally {
    await t.close();
  }
}
