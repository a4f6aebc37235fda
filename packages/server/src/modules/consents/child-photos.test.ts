import { SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaceVisibility } from '../../access/face-visibility.js';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/build-app.js';
import { addFace } from '../../test/consent-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  assignScouter,
  createChildRow,
  createSection,
  setAudience,
} from '../../test/family-factories.js';
import { countQueries, createAlbum, createPhoto } from '../../test/gallery-factories.js';

/*
 * 'Fotos de mi educando' (decision 073): a guardian sees, among the photos they may
 * see, those where their child's face is assigned, and asks for the child to be blurred in one:
 * blurred for everyone but managers at once, the managers mailed, audited, idempotent.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

const BOX = { x: 0.2, y: 0.2, width: 0.2, height: 0.25 };
const get = (url: string, user: TestUser) => t.app.inject({ url, headers: user.headers });
const blur = (user: TestUser, childId: number, photoId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/profile/children/${childId}/photos/${photoId}/blur`,
    headers: user.headers,
  });

/** The audit entries of `action` on photo `photoId`. */
const auditsOf = (action: 'face.blur_requested' | 'face.blur_withdrawn', photoId: number) =>
  t.app.ctx.db.kysely
    .selectFrom('audit_log')
    .select(['actor_id', 'target_type', 'target_id', 'target_label', 'details'])
    .where('action', '=', action)
    .where('target_id', '=', photoId)
    .execute();

async function setting() {
  const section = await createSection(t.app);
  const parent = await createUser(t.app, { name: 'Lucía Madre' });
  const child = await createChildRow(t.app, { sectionId: section, guardians: [parent.row.id] });
  return { section, parent, child };
}

async function photoWith(childId: number | null, opts: { title?: string } = {}) {
  const album = await createAlbum(t.app, { title: opts.title });
  const photo = await createPhoto(t.app, album.id);
  const face = await addFace(t.app, { photoId: photo.id }, BOX, {
    ...(childId ? { childId } : {}),
  });
  return { album, photo, face };
}

describe("'Fotos de mi educando'", () => {
  it("lists the photos the guardian sees where their child's face is assigned, newest first", async () => {
    const { parent, child, section } = await setting();
    const older = await photoWith(child.id);
    const newer = await photoWith(child.id);
    // Not theirs: another child, a face still pending review.
    await photoWith((await createChildRow(t.app)).id);
    const pending = await photoWith(null);
    await t.app.ctx.db.kysely
      .updateTable('faces')
      .set({ child_id: child.id })
      .where('id', '=', pending.face)
      .execute();
    // Not visible to them: a draft, a hidden photo, another section's album.
    const draft = await photoWith(child.id);
    await t.app.ctx.db.kysely
      .updateTable('albums')
      .set({ status: 'draft' })
      .where('id', '=', draft.album.id)
      .execute();
    const hidden = await photoWith(child.id);
    await t.app.ctx.db.kysely
      .updateTable('photos')
      .set({ hidden_at: new Date().toISOString() })
      .where('id', '=', hidden.photo.id)
      .execute();
    const elsewhere = await photoWith(child.id);
    await setAudience(t.app, elsewhere.album.id, [await createSection(t.app)]);
    const ours = await photoWith(child.id);
    await setAudience(t.app, ours.album.id, [section]);

    const res = await get(`/api/profile/children/${child.id}/photos`, parent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const photos = res.json();
    expect(photos.map((p: { id: number }) => p.id)).toEqual([
      ours.photo.id,
      newer.photo.id,
      older.photo.id,
    ]);
    expect(photos[0]).toMatchObject({
      album_id: ours.album.id,
      blur_requested: false,
      hidden: false,
      thumb_url: expect.any(String),
      image_url: expect.any(String),
    });
    const page = await get(`/api/profile/children/${child.id}/photos?page=2&limit=2`, parent);
    expect(page.json().map((p: { id: number }) => p.id)).toEqual([older.photo.id]);
  });

  it('reads in a constant number of queries', async () => {
    const { parent, child } = await setting();
    await photoWith(child.id);
    const url = `/api/profile/children/${child.id}/photos`;
    await get(url, parent);
    const few = await countQueries(t.app, () => get(url, parent));
    for (let i = 0; i < 4; i += 1) await photoWith(child.id);
    await get(url, parent);
    const many = await countQueries(t.app, () => get(url, parent));
    expect(many.result.json()).toHaveLength(5);
    expect(many.queries).toBe(few.queries);
  });

  it("answers 404 for another family's child", async () => {
    const { child } = await setting();
    const { photo } = await photoWith(child.id);
    const stranger = await createUser(t.app);
    const list = await get(`/api/profile/children/${child.id}/photos`, stranger);
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual({ message: SERVER_ERRORS.childNotFound });
    expect((await blur(stranger, child.id, photo.id)).statusCode).toBe(404);
    const face = await t.app.ctx.db.kysely
      .selectFrom('faces')
      .select('blur_requested_at')
      .where('photo_id', '=', photo.id)
      .executeTakeFirstOrThrow();
    expect(face.blur_requested_at).toBeNull();
  });
});

describe('Difuminar a mi hijo/a en esta foto', () => {
  it('blurs the face for everyone but managers, tells the managers, audits; a second press does nothing new', async () => {
    const { parent, child, section } = await setting();
    const scouter = await createUser(t.app, { role: 'scouter' });
    await assignScouter(t.app, scouter.row.id, [section]);
    const otherScouter = await createUser(t.app, { role: 'scouter' });
    await assignScouter(t.app, otherScouter.row.id, [await createSection(t.app)]);
    const { album, photo, face } = await photoWith(child.id, { title: 'Acampada de otoño' });
    await setAudience(t.app, album.id, [section]);
    // Another child's face in the same photo is not touched.
    const otherFace = await addFace(t.app, { photoId: photo.id }, BOX, {
      childId: (await createChildRow(t.app, { sectionId: section })).id,
    });
    const member = await createUser(t.app);
    const visibility = new FaceVisibility(t.app.ctx.db.kysely);
    const blurredFor = async (viewer: TestUser | null) =>
      ((await visibility.facesToBlur(viewer?.row ?? null, 'photo', [photo.id])).get(photo.id) ?? [])
        .map((f) => f.id)
        .filter((id) => id === face);

    await t.app.ctx.mailQueue.stop();
    const res = await blur(parent, child.id, photo.id);
    const mails = await t.app.ctx.db.kysely
      .selectFrom('mail_queue')
      .select(['recipient', 'subject', 'text', 'link'])
      .where('text', 'like', '%Acampada de otoño%')
      .execute();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_SUCCESS.blurRequested, blur_requested: true });

    const row = await t.app.ctx.db.kysely
      .selectFrom('faces')
      .select(['id', 'blur_requested_at', 'blur_requested_by'])
      .where('photo_id', '=', photo.id)
      .orderBy('id')
      .execute();
    expect(row[0]).toMatchObject({ id: face, blur_requested_by: parent.row.id });
    expect(row[0]?.blur_requested_at).toEqual(expect.any(String));
    expect(row[1]).toMatchObject({ id: otherFace, blur_requested_at: null });

    // Blurred for members and the guardian alike; managers see the original.
    expect(await blurredFor(member)).toEqual([face]);
    expect(await blurredFor(parent)).toEqual([face]);
    expect(await blurredFor(scouter)).toEqual([]);
    expect(await blurredFor(admin)).toEqual([]);

    const recipients = mails.map((m) => m.recipient);
    expect(recipients).toEqual(expect.arrayContaining([scouter.email, admin.email]));
    expect(recipients).not.toContain(otherScouter.email);
    expect(recipients).not.toContain(parent.email);
    expect(mails[0]?.subject).toBe(
      `Petición de difuminar una cara en ${t.app.ctx.config.group.name}`,
    );
    expect(mails[0]?.text).toContain(
      'Lucía Madre ha pedido que se difumine la cara de su hijo o hija en una foto del álbum «Acampada de otoño».',
    );
    // The mail does not name the child.
    expect(mails[0]?.text).not.toContain(child.full_name);
    expect(mails[0]?.link).toBe(`${TEST_PUBLIC_URL}/album/${album.id}`);

    expect(await auditsOf('face.blur_requested', photo.id)).toEqual([
      {
        actor_id: parent.row.id,
        target_type: 'photo',
        target_id: photo.id,
        target_label: 'Acampada de otoño',
        details: JSON.stringify({ child: String(child.id) }),
      },
    ]);

    const list = (await get(`/api/profile/children/${child.id}/photos`, parent)).json();
    expect(list[0]).toMatchObject({ id: photo.id, blur_requested: true });

    // Again: the same answer, nothing new written nor sent.
    const before = row[0]?.blur_requested_at;
    const again = await blur(parent, child.id, photo.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().blur_requested).toBe(true);
    const after = await t.app.ctx.db.kysely
      .selectFrom('faces')
      .select('blur_requested_at')
      .where('id', '=', face)
      .executeTakeFirstOrThrow();
    expect(after.blur_requested_at).toBe(before);
    expect(await auditsOf('face.blur_requested', photo.id)).toHaveLength(1);
    const mailsAfter = await t.app.ctx.db.kysely
      .selectFrom('mail_queue')
      .select('id')
      .where('text', 'like', '%Acampada de otoño%')
      .execute();
    t.app.ctx.mailQueue.start();
    expect(mailsAfter).toHaveLength(mails.length);
  });

  it('answers 404 for a photo without the child, or one the guardian cannot see', async () => {
    const { parent, child } = await setting();
    const without = await photoWith((await createChildRow(t.app)).id);
    const res = await blur(parent, child.id, without.photo.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.childPhotoNotFound });
    const draft = await photoWith(child.id);
    await t.app.ctx.db.kysely
      .updateTable('albums')
      .set({ status: 'draft' })
      .where('id', '=', draft.album.id)
      .execute();
    expect((await blur(parent, child.id, draft.photo.id)).statusCode).toBe(404);
  });
});

describe('Dejar de difuminar (decision 096)', () => {
  const unblur = (user: TestUser, childId: number, photoId: number) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/profile/children/${childId}/photos/${photoId}/blur`,
      headers: user.headers,
    });
  const marked = async (faceId: number) =>
    (
      await t.app.ctx.db.kysely
        .selectFrom('faces')
        .select(['blur_requested_at', 'blur_requested_by'])
        .where('id', '=', faceId)
        .executeTakeFirstOrThrow()
    ).blur_requested_at !== null;
  const audits = (photoId: number) => auditsOf('face.blur_withdrawn', photoId);

  it('any guardian of the child takes it back: the face follows consent again, audited; a second press does nothing new', async () => {
    const { parent, child } = await setting();
    // The other parent, who did not press it.
    const other = await createUser(t.app, { name: 'Marcos Padre' });
    await t.app.ctx.db.kysely
      .insertInto('guardians')
      .values({ user_id: other.row.id, child_id: child.id, created_at: new Date().toISOString() })
      .execute();
    const { photo, face } = await photoWith(child.id, { title: 'Ruta de invierno' });
    const member = await createUser(t.app);
    const visibility = new FaceVisibility(t.app.ctx.db.kysely);
    const blurredFor = async (viewer: TestUser) =>
      ((await visibility.facesToBlur(viewer.row, 'photo', [photo.id])).get(photo.id) ?? [])
        .map((f) => f.id)
        .includes(face);

    expect((await blur(parent, child.id, photo.id)).statusCode).toBe(200);
    expect(await blurredFor(parent)).toBe(true);

    const res = await unblur(other, child.id, photo.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_SUCCESS.blurWithdrawn, blur_requested: false });
    expect(res.json().message).toBe(
      'Hecho: su cara ya no se difumina a petición de la familia. Se verá en esta foto solo donde su consentimiento de imagen lo permita.',
    );
    expect(await marked(face)).toBe(false);
    // The guardians see their child again; a member without consent for the child still not.
    expect(await blurredFor(parent)).toBe(false);
    expect(await blurredFor(other)).toBe(false);
    expect(await blurredFor(member)).toBe(true);
    expect(await audits(photo.id)).toEqual([
      {
        actor_id: other.row.id,
        target_type: 'photo',
        target_id: photo.id,
        target_label: 'Ruta de invierno',
        details: JSON.stringify({ child: String(child.id) }),
      },
    ]);
    const list = (await get(`/api/profile/children/${child.id}/photos`, parent)).json();
    expect(list[0]).toMatchObject({ id: photo.id, blur_requested: false });

    // Again: the same answer, no second entry.
    const again = await unblur(parent, child.id, photo.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().blur_requested).toBe(false);
    expect(await audits(photo.id)).toHaveLength(1);
    // And it can be asked again.
    expect((await blur(parent, child.id, photo.id)).statusCode).toBe(200);
    expect(await marked(face)).toBe(true);
  });

  it("answers 404 to anyone but the child's guardians, and leaves the face blurred", async () => {
    const { parent, child } = await setting();
    const { photo, face } = await photoWith(child.id);
    await blur(parent, child.id, photo.id);
    for (const user of [await createUser(t.app), await createUser(t.app, { role: 'scouter' })]) {
      const res = await unblur(user, child.id, photo.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.childNotFound });
    }
    // Their own child, but a photo without them: the photo's 404.
    const without = await photoWith((await createChildRow(t.app)).id);
    const res = await unblur(parent, child.id, without.photo.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.childPhotoNotFound });
    expect(await marked(face)).toBe(true);
    expect(await audits(photo.id)).toEqual([]);
  });
});

describe("a manager's 'Dejar de difuminar' in Revisar caras (decision 096)", () => {
  it('takes the request off the face, audited as a review; a scouter of another section gets a 404', async () => {
    const { parent, child, section } = await setting();
    const scouter = await createUser(t.app, { role: 'scouter' });
    await assignScouter(t.app, scouter.row.id, [section]);
    const otherScouter = await createUser(t.app, { role: 'scouter' });
    await assignScouter(t.app, otherScouter.row.id, [await createSection(t.app)]);
    const { album, photo, face } = await photoWith(child.id, { title: 'Campamento de verano' });
    await setAudience(t.app, album.id, [section]);
    await blur(parent, child.id, photo.id);
    const unblur = (user: TestUser) =>
      t.app.inject({ method: 'DELETE', url: `/api/faces/${face}/blur`, headers: user.headers });

    const refused = await unblur(otherScouter);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: SERVER_ERRORS.faceNotFound });
    const member = await unblur(parent);
    expect(member.statusCode).toBe(403);

    const res = await unblur(scouter);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: face,
      status: 'child',
      child: { id: child.id },
      blur_requested: false,
    });
    const row = await t.app.ctx.db.kysely
      .selectFrom('faces')
      .select(['blur_requested_at', 'reviewed_by'])
      .where('id', '=', face)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ blur_requested_at: null, reviewed_by: scouter.row.id });
    const audit = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['actor_id', 'target_type', 'target_id', 'details'])
      .where('action', '=', 'faces.reviewed')
      .where('target_id', '=', album.id)
      .execute();
    expect(audit).toEqual([
      {
        actor_id: scouter.row.id,
        target_type: 'album',
        target_id: album.id,
        details: JSON.stringify({
          image: 'foto',
          photo_id: String(photo.id),
          change: 'sin difuminar',
        }),
      },
    ]);
    // Nothing to take off any more: the face as it is, no second entry.
    const again = await unblur(admin);
    expect(again.statusCode).toBe(200);
    expect(again.json().blur_requested).toBe(false);
    const after = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'faces.reviewed')
      .where('target_id', '=', album.id)
      .execute();
    expect(after).toHaveLength(1);
  });
});
