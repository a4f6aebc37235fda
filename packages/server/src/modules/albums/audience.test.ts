import { MSG, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerScope } from '../../media/url-signer.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  assignScouter,
  createChild,
  createSection,
  moveChild,
  sectionId,
  setAudience,
  unlinkGuardian,
} from '../../test/family-factories.js';
import {
  albumsListGrowing,
  createAlbum,
  createComment,
  createLike,
  createPhoto,
} from '../../test/gallery-factories.js';
import { multipart, pngImage } from '../../test/images.js';
import { DigestsRepository } from '../digests/digests.repository.js';

/*
 * An album's audience (decisions 054 and 055), through HTTP on the test
 * database: who sees an album for the Tropa, by every path, and what they get when they do not.
 */

let t: TestApp;
let manada: number;
let tropa: number;
let unidad: number;
let admin: TestUser;
let tropaScouter: TestUser;
let manadaScouter: TestUser;
/** A family whose child is in the Tropa; another whose child is in the Manada; one with none. */
let tropaFamily: TestUser;
let manadaFamily: TestUser;
let noChildren: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  manada = await sectionId(t.app, 'Manada');
  tropa = await sectionId(t.app, 'Tropa');
  unidad = await sectionId(t.app, 'Unidad');
  admin = await createUser(t.app, { role: 'admin' });
  tropaScouter = await createUser(t.app, { role: 'scouter' });
  manadaScouter = await createUser(t.app, { role: 'scouter' });
  await assignScouter(t.app, tropaScouter.row.id, [tropa]);
  await assignScouter(t.app, manadaScouter.row.id, [manada]);
  tropaFamily = await createUser(t.app);
  manadaFamily = await createUser(t.app);
  noChildren = await createUser(t.app);
  await createChild(t.app, { sectionId: tropa, guardians: [tropaFamily.row.id] });
  await createChild(t.app, { sectionId: manada, guardians: [manadaFamily.row.id] });
});
afterAll(() => t.close());

const get = (url: string, user: TestUser) => t.app.inject({ url, headers: user.headers });
const send = (method: InjectOptions['method'], url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload && { payload }) });

/** A published album for `sections` (none: the whole group) with one photo with real files. */
async function albumFor(sections: number[], opts: { draft?: boolean } = {}) {
  const album = await createAlbum(t.app, { withFiles: true });
  if (opts.draft) {
    await t.app.ctx.db.kysely
      .updateTable('albums')
      .set({ status: 'draft', published_at: null })
      .where('id', '=', album.id)
      .execute();
  }
  await setAudience(t.app, album.id, sections);
  const photo = await createPhoto(t.app, album.id, { withFiles: true });
  await createComment(t.app, 'photo', photo.id, admin.row.id);
  await createLike(t.app, 'photo', photo.id, admin.row.id);
  return { album, photo };
}

const ids = async (user: TestUser) =>
  ((await get('/api/albums', user)).json() as { id: number }[]).map((a) => a.id);

/** What a missing album answers (the body every hidden album must answer with too). */
async function missingAlbum(user: TestUser) {
  const res = await get('/api/albums/999999', user);
  expect(res.statusCode).toBe(404);
  return res.body;
}

describe('who sees an album for the Tropa', () => {
  it('lists it, with its count, to its families, its scouters and admins, and no one else', async () => {
    const { album } = await albumFor([tropa]);
    const whole = await albumFor([]);
    for (const user of [tropaFamily, tropaScouter, admin]) {
      expect(await ids(user), user.email).toEqual(
        expect.arrayContaining([album.id, whole.album.id]),
      );
    }
    for (const user of [manadaFamily, manadaScouter, noChildren]) {
      const seen = await ids(user);
      expect(seen, user.email).toContain(whole.album.id);
      expect(seen, user.email).not.toContain(album.id);
    }
    const mine = (await get('/api/albums', tropaFamily)).json() as {
      id: number;
      audience: unknown;
      photos_count: number;
      likes_count: number;
      comments_count: number;
    }[];
    expect(mine.find((a) => a.id === album.id)).toMatchObject({
      audience: [{ id: tropa, name: 'Tropa', colour: '#15803d' }],
      photos_count: 1,
      likes_count: 1,
      comments_count: 1,
    });
    expect(mine.find((a) => a.id === whole.album.id)?.audience).toEqual([]);
  });

  it('answers a family outside it exactly as a missing album, by every route', async () => {
    const { album, photo } = await albumFor([tropa]);
    const missing = await missingAlbum(manadaFamily);
    const missingPhoto = (await get('/api/photos/999999', manadaFamily)).body;
    const albumRoutes = [
      await get(`/api/albums/${album.id}`, manadaFamily),
      await get(`/api/photos/album/${album.id}`, manadaFamily),
      await get(`/api/photos/album/${album.id}?page=1&limit=10`, manadaFamily),
      await send('POST', `/api/albums/${album.id}/download-link`, manadaFamily),
      await get(`/api/albums/${album.id}/download`, manadaFamily),
    ];
    for (const res of albumRoutes) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).toBe(missing);
    }
    const photoRoutes = [
      await get(`/api/photos/${photo.id}`, manadaFamily),
      await get(`/api/photos/${photo.id}/comments`, manadaFamily),
      await send('POST', `/api/photos/${photo.id}/comments`, manadaFamily, {
        comment_text: 'Hola',
      }),
      await send('POST', `/api/photos/${photo.id}/like`, manadaFamily),
      await send('DELETE', `/api/photos/${photo.id}/like`, manadaFamily),
      await send('POST', `/api/photos/${photo.id}/removal-request`, manadaFamily, {}),
    ];
    for (const res of photoRoutes) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).toBe(missingPhoto);
    }
    expect(JSON.parse(missing)).toEqual({ message: SERVER_ERRORS.albumNotFound });
  });

  it('opens every route to a family in it', async () => {
    const { album, photo } = await albumFor([tropa]);
    expect((await get(`/api/albums/${album.id}`, tropaFamily)).json().audience).toEqual([
      { id: tropa, name: 'Tropa', colour: '#15803d' },
    ]);
    const photos = (await get(`/api/photos/album/${album.id}`, tropaFamily)).json();
    expect(photos.map((p: { id: number }) => p.id)).toEqual([photo.id]);
    expect((await get(`/api/photos/${photo.id}`, tropaFamily)).statusCode).toBe(200);
    expect((await get(`/api/photos/${photo.id}/comments`, tropaFamily)).json()).toHaveLength(1);
    expect((await send('POST', `/api/photos/${photo.id}/like`, tropaFamily)).statusCode).toBe(201);
    const comment = await send('POST', `/api/photos/${photo.id}/comments`, tropaFamily, {
      comment_text: 'Qué bien lo pasaron',
    });
    expect(comment.statusCode).toBe(201);
    const link = await send('POST', `/api/albums/${album.id}/download-link`, tropaFamily);
    expect(link.statusCode).toBe(200);
    const zip = await t.app.inject({ url: link.json().url });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
  });

  it("keeps a draft for the Tropa to the Tropa's scouters and admins", async () => {
    const { album, photo } = await albumFor([tropa], { draft: true });
    expect(await ids(tropaScouter)).toContain(album.id);
    expect(await ids(admin)).toContain(album.id);
    expect((await get(`/api/photos/${photo.id}`, tropaScouter)).statusCode).toBe(200);
    for (const user of [tropaFamily, manadaScouter, manadaFamily]) {
      expect(await ids(user), user.email).not.toContain(album.id);
      expect((await get(`/api/albums/${album.id}`, user)).body).toBe(await missingAlbum(user));
    }
  });

  it('shows an album for two sections to both, and a scouter the albums of their own children', async () => {
    const { album } = await albumFor([manada, unidad]);
    expect(await ids(manadaFamily)).toContain(album.id);
    expect(await ids(manadaScouter)).toContain(album.id);
    expect(await ids(tropaFamily)).not.toContain(album.id);
    expect(await ids(tropaScouter)).not.toContain(album.id);
    // A scouter who is also a parent of an Unidad child.
    const parentScouter = await createUser(t.app, { role: 'scouter' });
    await createChild(t.app, { sectionId: unidad, guardians: [parentScouter.row.id] });
    expect(await ids(parentScouter)).toContain(album.id);
  });

  it('follows the child: a change of section, an inactive child, an unlinked guardian', async () => {
    const { album, photo } = await albumFor([tropa]);
    const family = await createUser(t.app);
    const child = await createChild(t.app, { sectionId: tropa, guardians: [family.row.id] });
    expect(await ids(family)).toContain(album.id);

    await moveChild(t.app, child, manada);
    expect(await ids(family)).not.toContain(album.id);
    expect((await get(`/api/photos/${photo.id}`, family)).statusCode).toBe(404);
    await moveChild(t.app, child, tropa);
    expect(await ids(family)).toContain(album.id);

    await t.app.ctx.db.kysely
      .updateTable('children')
      .set({ active: 0 })
      .where('id', '=', child)
      .execute();
    expect(await ids(family)).not.toContain(album.id);
    await t.app.ctx.db.kysely
      .updateTable('children')
      .set({ active: 1 })
      .where('id', '=', child)
      .execute();
    expect(await ids(family)).toContain(album.id);

    await unlinkGuardian(t.app, family.row.id, child);
    expect((await get(`/api/albums/${album.id}`, family)).statusCode).toBe(404);
  });

  it('reads the list in the same number of queries for 1 album as for 30, audiences and all', async () => {
    const separate = await buildTestApp();
    try {
      const viewer = await createUser(separate.app);
      const section = await sectionId(separate.app, 'Tropa');
      await createChild(separate.app, { sectionId: section, guardians: [viewer.row.id] });
      async function addAlbums(n: number) {
        for (let i = 0; i < n; i += 1) {
          const album = await createAlbum(separate.app);
          if (i % 2 === 0) await setAudience(separate.app, album.id, [section]);
          await createPhoto(separate.app, album.id);
        }
      }
      const { small, large } = await albumsListGrowing(separate.app, viewer.headers, addAlbums);
      expect(large.result.json()).toHaveLength(30);
      expect(large.queries).toBe(small.queries);
      // The session's user, the albums with their counts, their audiences.
      expect(large.queries).toBeLessThanOrEqual(3);
    } finally {
      await separate.close();
    }
  });
});

describe('media links of an album for some sections', () => {
  /** `/media/p/…?…` of a signed URL, as a storage key's path. */
  const pathOf = (url: string) => url.split('?')[0] ?? '';

  it('gives its families URLs of their own, which open for them only while they see it', async () => {
    const { album, photo } = await albumFor([tropa]);
    const family = await createUser(t.app);
    const child = await createChild(t.app, { sectionId: tropa, guardians: [family.row.id] });
    const shown = (await get(`/api/photos/${photo.id}`, family)).json();
    const cover = (await get(`/api/albums/${album.id}`, family)).json().cover_thumb as string;
    const urls = [shown.thumb_url, shown.image_url, cover] as string[];
    for (const url of urls) {
      expect(url).toContain(`scope=${viewerScope(family.row.id)}`);
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    }

    // The same files under a URL without scope (the shared one) or of another family: 404.
    const signer = t.app.ctx.mediaUrls;
    const exp = Math.floor(Date.now() / 1000) + 3600;
    for (const url of urls) {
      for (const other of [
        signer.urlFor(pathOf(url), exp),
        signer.urlFor(pathOf(url), exp, viewerScope(manadaFamily.row.id)),
        signer.urlFor(pathOf(url), exp, viewerScope(noChildren.row.id)),
      ]) {
        const res = await t.app.inject({ url: other });
        expect(res.statusCode, other).toBe(404);
        expect(res.json()).toEqual({ message: SERVER_ERRORS.mediaNotFound });
        expect(res.rawPayload.includes(Buffer.from('RIFF'))).toBe(false);
      }
    }

    // The child moves to the Manada: the links this family was given stop at once.
    await moveChild(t.app, child, manada);
    for (const url of urls) expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    await moveChild(t.app, child, tropa);
    for (const url of urls) expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    await unlinkGuardian(t.app, family.row.id, child);
    for (const url of urls) expect((await t.app.inject({ url })).statusCode, url).toBe(404);
  });

  it('stops the shared URL of a whole-group album once it is given to some sections', async () => {
    const { album, photo } = await albumFor([]);
    const shown = (await get(`/api/photos/${photo.id}`, manadaFamily)).json();
    const cover = (await get(`/api/albums/${album.id}`, manadaFamily)).json().cover_thumb;
    for (const url of [shown.thumb_url, cover]) {
      expect(url).not.toContain('scope=');
      expect((await t.app.inject({ url })).statusCode).toBe(200);
    }
    await setAudience(t.app, album.id, [tropa]);
    for (const url of [shown.thumb_url, cover]) {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    }
  });
});

describe('the managers of an album for the Tropa', () => {
  it("is another section's scouter's 404 for reading, editing, publishing, uploading and deleting", async () => {
    const { album, photo } = await albumFor([tropa]);
    const missing = await missingAlbum(manadaScouter);
    const body = multipart({ albumId: String(album.id) }, [
      { field: 'images', filename: 'a.png', type: 'image/png', data: await pngImage(20, 20) },
    ]);
    const answers = [
      await get(`/api/albums/${album.id}`, manadaScouter),
      await send('PUT', `/api/albums/${album.id}`, manadaScouter, { title: 'Otro título' }),
      await send('POST', `/api/albums/${album.id}/unpublish`, manadaScouter),
      await send('DELETE', `/api/albums/${album.id}`, manadaScouter),
      await t.app.inject({
        method: 'POST',
        url: '/api/photos/upload',
        headers: { ...manadaScouter.headers, ...body.headers },
        payload: body.payload,
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).toBe(missing);
    }
    for (const res of [
      await send('DELETE', `/api/photos/${photo.id}`, manadaScouter),
      await send('PUT', `/api/photos/${photo.id}`, manadaScouter, { description: 'x' }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.photoNotFound });
    }
    expect((await get(`/api/albums/${album.id}`, tropaScouter)).json().title).not.toBe(
      'Otro título',
    );
    expect((await get(`/api/photos/${photo.id}`, admin)).statusCode).toBe(200);
  });

  it("tells only the album's managers of a removal request, and lists it only to them", async () => {
    const { photo } = await albumFor([tropa]);
    // The messages this request queues: those after the last one before it. (Not by their text:
    // a message's body is forgotten once sent, and the queue may send one before we look.)
    const last = await t.app.ctx.db.kysely
      .selectFrom('mail_queue')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const res = await send('POST', `/api/photos/${photo.id}/removal-request`, tropaFamily, {
      reason: 'Motivo de audiencia 777',
    });
    expect(res.statusCode, res.body).toBe(201);
    const requestId = res.json().request.id as number;
    const mails = await t.app.ctx.db.kysely
      .selectFrom('mail_queue')
      .select('recipient')
      .where('id', '>', Number(last?.id ?? 0))
      .execute();
    const recipients = mails.map((m) => m.recipient);
    expect(recipients).toEqual(expect.arrayContaining([admin.email, tropaScouter.email]));
    expect(recipients).not.toContain(manadaScouter.email);

    const listed = async (user: TestUser) =>
      ((await get('/api/removal-requests', user)).json() as { id: number }[]).map((r) => r.id);
    expect(await listed(tropaScouter)).toContain(requestId);
    expect(await listed(admin)).toContain(requestId);
    expect(await listed(manadaScouter)).not.toContain(requestId);
    const resolve = await send(
      'POST',
      `/api/removal-requests/${requestId}/resolve`,
      manadaScouter,
      {
        action: 'show',
      },
    );
    expect(resolve.statusCode, resolve.body).toBe(404);
    expect(resolve.json()).toEqual({ message: SERVER_ERRORS.removalRequestNotFound });
  });
});

describe('the digest and the export', () => {
  it("lists an album for the Tropa in the Tropa families' digest only", async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const { album } = await albumFor([tropa]);
    const whole = await albumFor([]);
    const until = new Date(Date.now() + 60_000).toISOString();
    const repo = new DigestsRepository(t.app.ctx.db);
    const contentOf = async (user: TestUser) =>
      (await repo.newContent(user.row, since, until, 50)).albums;
    const tropaDigest = await contentOf(tropaFamily);
    expect(tropaDigest.items.map((i) => i.id)).toEqual(
      expect.arrayContaining([album.id, whole.album.id]),
    );
    const manadaDigest = await contentOf(manadaFamily);
    expect(manadaDigest.items.map((i) => i.id)).toContain(whole.album.id);
    expect(manadaDigest.items.map((i) => i.id)).not.toContain(album.id);
    // The counts go by the same rule as the items.
    expect(manadaDigest.total).toBe(manadaDigest.items.length);
    expect(tropaDigest.total).toBe(tropaDigest.items.length);
    expect(tropaDigest.total).toBeGreaterThan(manadaDigest.total);
    expect((await contentOf(manadaScouter)).items.map((i) => i.id)).not.toContain(album.id);
    expect((await contentOf(admin)).items.map((i) => i.id)).toContain(album.id);
  });

  it("leaves the album's title out of a family's export once their child left its sections", async () => {
    const { album, photo } = await albumFor([tropa]);
    await t.app.ctx.db.kysely
      .updateTable('albums')
      .set({ title: 'Acampada de la Tropa' })
      .where('id', '=', album.id)
      .execute();
    const family = await createUser(t.app);
    const child = await createChild(t.app, { sectionId: tropa, guardians: [family.row.id] });
    await createLike(t.app, 'photo', photo.id, family.row.id);
    const exported = async () => (await get('/api/profile/me/export', family)).json();
    expect((await exported()).likes[0]).toMatchObject({
      target_id: photo.id,
      target_title: 'Acampada de la Tropa',
      album_id: album.id,
    });
    await moveChild(t.app, child, manada);
    const after = await get('/api/profile/me/export', family);
    expect(after.json().likes[0]).toMatchObject({ target_title: null, album_id: null });
    expect(after.body).not.toContain('Acampada de la Tropa');
  });
});

describe('choosing the audience', () => {
  const cover = async () => ({
    field: 'cover',
    filename: 'c.png',
    type: 'image/png',
    data: await pngImage(40, 30),
  });
  async function create(user: TestUser, fields: Record<string, string>) {
    const body = multipart({ title: 'Acampada', ...fields }, [await cover()]);
    return t.app.inject({
      method: 'POST',
      url: '/api/albums/newAlbum',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  }
  async function edit(user: TestUser, id: number, fields: Record<string, string>) {
    const body = multipart({ title: 'Acampada', ...fields });
    return t.app.inject({
      method: 'PUT',
      url: `/api/albums/${id}`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  }

  it('offers an admin every section in use and a scouter theirs', async () => {
    const retired = await createSection(t.app, { name: 'Pioneros', retired: true });
    const choices = (await get('/api/albums/audience-choices', admin)).json() as {
      id: number;
      name: string;
    }[];
    expect(choices.slice(0, 4).map((s) => s.name)).toEqual(['Manada', 'Tropa', 'Unidad', 'Clan']);
    expect(choices.map((s) => s.id)).not.toContain(retired);
    expect((await get('/api/albums/audience-choices', tropaScouter)).json()).toEqual([
      { id: tropa, name: 'Tropa', colour: '#15803d' },
    ]);
    const member = await get('/api/albums/audience-choices', tropaFamily);
    expect(member.statusCode).toBe(403);
  });

  it('creates an album for the whole group without the field or empty, or for the sections sent', async () => {
    for (const fields of [{}, { sections: '' }] as Record<string, string>[]) {
      const res = await create(admin, fields);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().album.audience).toEqual([]);
    }
    const res = await create(admin, { sections: `${tropa}, ${manada},${tropa}` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().album.audience.map((s: { name: string }) => s.name)).toEqual([
      'Manada',
      'Tropa',
    ]);
    const mine = await create(tropaScouter, { sections: String(tropa) });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(await ids(manadaFamily)).not.toContain(mine.json().album.id);
  });

  it("refuses a scouter another section's audience, unknown and retired sections, and nonsense", async () => {
    const before = await ids(admin);
    const foreign = await create(tropaScouter, { sections: String(manada) });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: SERVER_ERRORS.albumSectionForbidden });
    const mixed = await create(tropaScouter, { sections: `${tropa},${manada}` });
    expect(mixed.statusCode).toBe(403);
    const retired = await createSection(t.app, { retired: true });
    for (const sections of ['999999', String(retired)]) {
      const res = await create(admin, { sections });
      expect(res.statusCode, sections).toBe(400);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.albumSectionUnavailable });
    }
    for (const sections of ['abc', '1;2', '-1', '1,,2']) {
      const res = await create(admin, { sections });
      expect(res.statusCode, sections).toBe(400);
      expect(res.json().message).toBe(MSG.albumSectionsInvalid);
    }
    // Nothing was created by any of them.
    expect(await ids(admin)).toEqual(before);
  });

  it('changes the audience on an edit, with an audit entry; without the field it stays', async () => {
    const created = await create(admin, { sections: String(tropa) });
    const id = created.json().album.id as number;
    const kept = await edit(admin, id, {});
    expect(kept.json().album.audience.map((s: { id: number }) => s.id)).toEqual([tropa]);

    const res = await edit(admin, id, { sections: `${manada},${tropa}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SERVER_SUCCESS.albumUpdated);
    expect(await ids(manadaFamily)).toContain(id);
    const audit = (await get('/api/admin/audit?limit=5', admin)).json() as {
      action: string;
      target_id: number;
      details: Record<string, string>;
    }[];
    expect(
      audit.find((e) => e.action === 'album.audience_changed' && e.target_id === id),
    ).toMatchObject({
      details: { from: 'Tropa', to: 'Manada, Tropa' },
    });
    const back = await edit(admin, id, { sections: '' });
    expect(back.json().album.audience).toEqual([]);
    expect(await ids(noChildren)).toContain(id);
  });

  it('lets an album keep a section retired since, and a scouter keep another section they found there', async () => {
    const retiring = await createSection(t.app, { name: 'Rover' });
    const created = await create(admin, { sections: `${tropa},${retiring}` });
    const id = created.json().album.id as number;
    await t.app.ctx.db.kysely
      .updateTable('sections')
      .set({ retired_at: new Date().toISOString() })
      .where('id', '=', retiring)
      .execute();
    const res = await edit(tropaScouter, id, {
      sections: `${tropa},${retiring}`,
      description: 'x',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().album.audience.map((s: { name: string }) => s.name)).toEqual([
      'Tropa',
      'Rover',
    ]);
    // Leaving it only to a section that is not theirs is refused.
    const away = await edit(tropaScouter, id, { sections: String(retiring) });
    expect(away.statusCode).toBe(403);
  });
});
