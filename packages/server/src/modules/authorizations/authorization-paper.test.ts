import { AUTHORIZATION_ERRORS as E, AUTHORIZATION_MESSAGES as M } from '@fogata/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertActivity } from '../../test/authorization-factories.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { assignScouter, createChildRow, sectionId } from '../../test/family-factories.js';
import { metadataTraces, multipart, phonePhoto, SVG_IMAGE } from '../../test/images.js';

/*
 * A paper autorización recorded by a manager: the photo or scan is re-encoded so no metadata
 * survives, stored private under the journal, served to the activity's managers only.
 */

let t: TestApp;
let scouter: TestUser;
let otherScouter: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  scouter = await createUser(t.app, { role: 'scouter' });
  await assignScouter(t.app, scouter.row.id, 'Tropa');
  otherScouter = await createUser(t.app, { role: 'scouter' });
  await assignScouter(t.app, otherScouter.row.id, 'Manada');
});
afterAll(() => t.close());

const db = () => t.app.ctx.db.kysely;

async function target() {
  const guardian = await createUser(t.app);
  const child = await createChildRow(t.app, { section: 'Tropa', guardians: [guardian.row.id] });
  const activity = await insertActivity(t.app, { sections: [await sectionId(t.app, 'Tropa')] });
  return { guardian, child: child.id, activity };
}

function record(
  user: TestUser,
  activity: number,
  child: number,
  fields: Record<string, string>,
  file?: { data: Buffer; type: string; filename: string },
) {
  const body = multipart(fields, file ? [{ field: 'file', ...file }] : []);
  return t.app.inject({
    method: 'POST',
    url: `/api/activities/${activity}/children/${child}/paper-authorization`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

describe('a paper autorización', () => {
  it('keeps the scan without EXIF or GPS, private, settled in the journal, with its note', async () => {
    const { activity, child } = await target();
    const photo = await phonePhoto();
    expect(await metadataTraces(photo)).not.toEqual([]);
    const res = await record(
      scouter,
      activity,
      child,
      { note: 'Hoja firmada el 3/10' },
      {
        data: photo,
        type: 'image/jpeg',
        filename: 'hoja.jpg',
      },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      method: 'paper',
      signer_name: null,
      message: M.paperRecorded,
    });

    const row = await db()
      .selectFrom('activity_authorizations')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      method: 'paper',
      note: 'Hoja firmada el 3/10',
      recorded_by: scouter.row.id,
      guardian_id: null,
    });
    expect(row.paper_key).toMatch(/^private\/authorizations\/[0-9a-f]{32}\.jpg$/);
    const file = await t.app.ctx.storage.read(row.paper_key!);
    const stored = Buffer.concat((await file!.stream.toArray()) as Buffer[]);
    expect(await metadataTraces(stored)).toEqual([]);
    // The phone's orientation was applied before the tag went: a portrait scan stays portrait.
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 480, 640]);
    const journal = await db()
      .selectFrom('media_journal')
      .select('key')
      .where('key', '=', row.paper_key!)
      .execute();
    expect(journal).toEqual([]);

    // The managers read it through the API; no public or media URL serves it.
    const scan = await t.app.inject({
      url: `/api/authorizations/${row.id}/paper`,
      headers: scouter.headers,
    });
    expect(scan.statusCode).toBe(200);
    expect(scan.headers['content-type']).toBe('image/jpeg');
    expect(scan.rawPayload.equals(stored)).toBe(true);
    expect((await t.app.inject({ url: `/media/${row.paper_key}` })).statusCode).toBe(404);
  });

  it('is a 404 to a scouter of another section, for recording and reading', async () => {
    const { activity, child } = await target();
    const file = { data: await phonePhoto(), type: 'image/jpeg', filename: 'hoja.jpg' };
    const other = await record(otherScouter, activity, child, {}, file);
    expect([other.statusCode, other.json().message]).toEqual([404, E.activityNotFound]);
    const ok = await record(scouter, activity, child, {}, file);
    const read = await t.app.inject({
      url: `/api/authorizations/${ok.json().id}/paper`,
      headers: otherScouter.headers,
    });
    expect([read.statusCode, read.json().message]).toEqual([404, E.authorizationNotFound]);
  });

  it('refuses a missing file and a file that is no image, storing nothing', async () => {
    const { activity, child } = await target();
    const missing = await record(scouter, activity, child, { note: 'sin hoja' });
    expect([missing.statusCode, missing.json().message]).toEqual([400, E.paperFileRequired]);
    const svg = await record(
      scouter,
      activity,
      child,
      {},
      {
        data: SVG_IMAGE,
        type: 'image/svg+xml',
        filename: 'hoja.svg',
      },
    );
    expect([svg.statusCode, svg.json().message]).toEqual([415, E.paperFileInvalid]);
    const rows = await db()
      .selectFrom('activity_authorizations')
      .select('id')
      .where('activity_id', '=', activity)
      .execute();
    expect(rows).toEqual([]);
  });
});
