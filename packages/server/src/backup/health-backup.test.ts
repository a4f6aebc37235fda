// The fichas sanitarias in a backup: the copy and the database hold them sealed (no allergy text in
// their bytes), the copy never holds the key, a restore says the original key must come back, and
// a server on the restored copy reads them with that key and answers 503 with another.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAMP_ERRORS, type ChildHealth } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSealingKey } from '../lib/sealed-box.js';
import { addSignup, insertActivity } from '../test/activity-factories.js';
import { buildSeedApp, createPgDatabase } from '../test/build-app.js';
import { createUser, type TestUser } from '../test/factories.js';
import { createChildRow } from '../test/family-factories.js';
import { ALLERGY, healthInput, insertHealth } from '../test/health-factories.js';
import { runServerCommand, startServerProcess } from '../test/server-process.js';
import { SEALED_RESTORE_WARNING } from './cli.js';

type PgDb = Awaited<ReturnType<typeof createPgDatabase>>;

/** Whether `text` shows anywhere in `bytes`, as UTF-8 (what SQLite, PostgreSQL and JSON write). */
const holds = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, 'utf8'));

describe('the fichas sanitarias in a backup', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogata-health-src-'));
  const restoredDir = mkdtempSync(join(tmpdir(), 'fogata-health-dst-'));
  const work = mkdtempSync(join(tmpdir(), 'fogata-health-backup-'));
  const archive = join(work, 'copia.tar');
  const jwtSecret = randomBytes(32).toString('base64url');
  let sourcePg: PgDb = null;
  let targetPg: PgDb = null;
  let seed: FastifyInstance;
  let healthKey: string;
  let mother: TestUser;
  let child: number;

  beforeAll(async () => {
    sourcePg = await createPgDatabase();
    targetPg = await createPgDatabase();
    seed = await buildSeedApp(dataDir, jwtSecret, sourcePg?.url);
    healthKey = seed.ctx.config.healthKey;
    mother = await createUser(seed, { name: 'Lucía Gómez' });
    child = (await createChildRow(seed, { name: 'Nora Ruiz', guardians: [mother.row.id] })).id;
    await insertHealth(seed, child, healthInput());
    // What was confirmed for an activity is a second sealed copy.
    const { id: activity } = await insertActivity(seed, { title: 'Campamento de verano' });
    await addSignup(seed, activity, child, 'va');
    const res = await seed.inject({
      method: 'POST',
      url: `/api/children/${child}/health/confirm`,
      headers: mother.headers,
      payload: { activity_id: activity },
    });
    expect(res.statusCode).toBe(200);
    await seed.close();
  }, 300_000);

  afterAll(async () => {
    await sourcePg?.drop();
    await targetPg?.drop();
    for (const dir of [dataDir, restoredDir, work]) rmSync(dir, { recursive: true, force: true });
  });

  it('holds no allergy text in the database nor the copy, and no key in the copy', async () => {
    if (!sourcePg) {
      // SQLite: the database file and its journal, byte for byte; the child's name (not sealed)
      // is there, so the search would find the allergy if it were.
      const files = readdirSync(dataDir).filter((f) => f.startsWith('fogata.db'));
      const bytes = Buffer.concat(files.map((f) => readFileSync(join(dataDir, f))));
      expect(holds(bytes, 'Nora Ruiz')).toBe(true);
      expect(holds(bytes, ALLERGY)).toBe(false);
      expect(holds(bytes, 'cacahuete')).toBe(false);
    }
    const result = await runServerCommand(['backup', archive], {
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      HEALTH_KEY: healthKey,
      DATABASE_URL: sourcePg?.url,
    });
    expect(result.code).toBe(0);
    const copy = readFileSync(archive);
    expect(holds(copy, 'Nora Ruiz')).toBe(true);
    expect(holds(copy, ALLERGY)).toBe(false);
    expect(holds(copy, 'cacahuete')).toBe(false);
    expect(holds(copy, 'Ventolín')).toBe(false);
    expect(holds(copy, healthKey)).toBe(false);
    expect(holds(copy, Buffer.from(healthKey, 'base64url').toString('base64'))).toBe(false);
  }, 300_000);

  it('restores with a warning; the same key reads the ficha back, another answers 503', async () => {
    const restore = await runServerCommand(['restore', archive], {
      DATA_DIR: restoredDir,
      DATABASE_URL: targetPg?.url,
    });
    expect(restore.code).toBe(0);
    expect(restore.out).toContain(SEALED_RESTORE_WARNING);
    expect(readdirSync(restoredDir)).not.toContain('health-key');

    const url = `/api/children/${child}/health`;
    const same = await startServerProcess(restoredDir, {
      DATABASE_URL: targetPg?.url,
      HEALTH_KEY: healthKey,
    });
    try {
      const res = await fetch(`${same.url}${url}`, { headers: mother.headers });
      expect(res.status).toBe(200);
      const body = (await res.json()) as ChildHealth;
      expect(body.record?.allergies).toBe(ALLERGY);
      expect(body.record?.contacts).toEqual(healthInput().contacts);
    } finally {
      await same.stop();
    }

    const other = await startServerProcess(restoredDir, {
      DATABASE_URL: targetPg?.url,
      HEALTH_KEY: newSealingKey(),
    });
    try {
      const res = await fetch(`${other.url}${url}`, { headers: mother.headers });
      expect(res.status).toBe(503);
      expect(await res.text()).toBe(JSON.stringify({ message: CAMP_ERRORS.healthKeyMismatch }));
    } finally {
      await other.stop();
    }
  }, 300_000);
});
