import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGroupSetting } from '../db/group-settings.js';
import { nowIso } from '../lib/tokens.js';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { addFace, recordConsent } from '../test/consent-factories.js';
import { createNews } from '../test/content-factories.js';
import { createUser } from '../test/factories.js';
import { createChild } from '../test/family-factories.js';
import { createAlbum, createPhoto } from '../test/gallery-factories.js';
import { blurSetKey, FaceVisibility, purposeOf, seesEveryFace } from './face-visibility.js';
import type { Viewer } from './viewer.js';

/** The face rule, every branch, on the test database. */
let t: TestApp;
const BOX = { x: 0.1, y: 0.1, width: 0.2, height: 0.2 };
let photoId: number;
let albumId: number;
let newsId: number;
let guardian: Viewer;
let member: Viewer;
let scouter: Viewer;
let admin: Viewer;
/** A child with gallery consent, one without any, one whose family refused it. */
let consenting: number;
let unknown: number;
let refused: number;
/** The guardian's own child, with no consent at all. */
let own: number;

const rule = () => new FaceVisibility(t.app.ctx.db.kysely);
const ids = async (viewer: Viewer | null, kind: 'photo' | 'album' | 'news', id: number) =>
  ((await rule().facesToBlur(viewer, kind, [id])).get(id) ?? []).map((face) => face.id);
const setting = (on: boolean) =>
  writeGroupSetting(t.app.ctx.db.kysely, 'image_consent_enforced', on, null, nowIso());

beforeAll(async () => {
  t = await buildTestApp();
  const user = async (role: 'usuario' | 'scouter' | 'admin') => {
    const { row } = await createUser(t.app, { role });
    return { id: row.id, role: row.role };
  };
  guardian = await user('usuario');
  member = await user('usuario');
  scouter = await user('scouter');
  admin = await user('admin');
  consenting = await createChild(t.app);
  unknown = await createChild(t.app);
  refused = await createChild(t.app);
  own = await createChild(t.app, { guardians: [guardian?.id as number] });
  await recordConsent(t.app, consenting, 'gallery', true);
  await recordConsent(t.app, refused, 'gallery', true);
  await recordConsent(t.app, refused, 'gallery', false);
  albumId = (await createAlbum(t.app)).id;
  photoId = (await createPhoto(t.app, albumId)).id;
  newsId = (await createNews(t.app)).id;
});
afterAll(() => t.close());

describe('names and purposes', () => {
  it('asks the gallery consent for photos and covers, the web one for news and experiences', () => {
    expect(purposeOf('photo')).toBe('gallery');
    expect(purposeOf('album')).toBe('gallery');
    expect(purposeOf('news')).toBe('web');
    expect(purposeOf('experience')).toBe('web');
  });

  it('names a set of faces by their ids in order', () => {
    expect(blurSetKey([{ id: 12 }, { id: 3 }, { id: 7 }])).toBe('3,7,12');
    expect(blurSetKey([])).toBe('');
  });

  it('lets managers see every face', () => {
    expect(seesEveryFace(scouter)).toBe(true);
    expect(seesEveryFace(admin)).toBe(true);
    expect(seesEveryFace(member)).toBe(false);
    expect(seesEveryFace(null)).toBe(false);
  });
});

describe('the rule, face by face, with enforcement on', () => {
  let faces: {
    consenting: number;
    unknown: number;
    refused: number;
    own: number;
    pending: number;
    adult: number;
    notFace: number;
    unnamedChild: number;
  };
  beforeAll(async () => {
    await setting(true);
    faces = {
      consenting: await addFace(t.app, { photoId }, BOX, { childId: consenting }),
      unknown: await addFace(t.app, { photoId }, BOX, { childId: unknown }),
      refused: await addFace(t.app, { photoId }, BOX, { childId: refused }),
      own: await addFace(t.app, { photoId }, BOX, { childId: own }),
      pending: await addFace(t.app, { photoId }, BOX),
      adult: await addFace(t.app, { photoId }, BOX, { status: 'adult' }),
      notFace: await addFace(t.app, { photoId }, BOX, { status: 'not_face' }),
      unnamedChild: await addFace(t.app, { photoId }, BOX, { status: 'child' }),
    };
  });

  it('blurs for a member: no consent, refused, to review, a child not named; shows consent, adults, not faces', async () => {
    const expected = [faces.unknown, faces.refused, faces.own, faces.pending, faces.unnamedChild];
    expect(await ids(member, 'photo', photoId)).toEqual(expected);
    // A visitor, or a URL shared by every member, is a member with no children.
    expect(await ids(null, 'photo', photoId)).toEqual(expected);
  });

  it('shows a family its own child, whatever the consent', async () => {
    expect(await ids(guardian, 'photo', photoId)).toEqual([
      faces.unknown,
      faces.refused,
      faces.pending,
      faces.unnamedChild,
    ]);
  });

  it('blurs nothing for managers', async () => {
    expect(await ids(scouter, 'photo', photoId)).toEqual([]);
    expect(await ids(admin, 'photo', photoId)).toEqual([]);
  });

  it('blurs for everyone but managers a face its family asked to blur, theirs included', async () => {
    await t.app.ctx.db.kysely
      .updateTable('faces')
      .set({ blur_requested_at: nowIso() })
      .where('id', 'in', [faces.consenting, faces.own])
      .execute();
    expect(await ids(member, 'photo', photoId)).toContain(faces.consenting);
    expect(await ids(guardian, 'photo', photoId)).toContain(faces.own);
    expect(await ids(scouter, 'photo', photoId)).toEqual([]);
  });

  it('tells apart what the viewer gets and what a member with no children gets', async () => {
    const plan = (await rule().plans(guardian, 'photo', [photoId])).get(photoId);
    expect(plan?.faces.map((face) => face.id)).toEqual(Object.values(faces).sort((a, b) => a - b));
    expect(plan?.member.map((face) => face.id)).toEqual(await ids(null, 'photo', photoId));
    expect(plan?.viewer.map((face) => face.id)).toEqual(await ids(guardian, 'photo', photoId));
    expect(plan?.member[0]).toEqual({ id: expect.any(Number), ...BOX });
    const managers = (await rule().plans(admin, 'photo', [photoId])).get(photoId);
    expect(managers?.viewer).toEqual([]);
    expect(managers?.member.length).toBeGreaterThan(0);
  });

  it('blurs only what a guardian asked for when enforcement is off', async () => {
    await setting(false);
    try {
      expect(await ids(member, 'photo', photoId)).toEqual([faces.consenting, faces.own]);
      expect(await ids(guardian, 'photo', photoId)).toEqual([faces.consenting, faces.own]);
    } finally {
      await setting(true);
    }
  });
});

describe('purposes and kinds', () => {
  it('reads the gallery consent for a cover; the web one for a news image, where a family still sees its own child', async () => {
    await setting(true);
    const onCover = await addFace(t.app, { albumId }, BOX, { childId: consenting });
    const ownOnCover = await addFace(t.app, { albumId }, BOX, { childId: own });
    expect(await ids(member, 'album', albumId)).toEqual([ownOnCover]);
    expect(await ids(guardian, 'album', albumId)).toEqual([]);
    expect(onCover).toBeGreaterThan(0);

    const onNews = await addFace(t.app, { newsId }, BOX, { childId: consenting });
    const ownOnNews = await addFace(t.app, { newsId }, BOX, { childId: own });
    // Gallery consent does not cover the public web; a family sees its own child there too
    // (through a copy of its own, decision 100).
    expect(await ids(null, 'news', newsId)).toEqual([onNews, ownOnNews]);
    expect(await ids(guardian, 'news', newsId)).toEqual([onNews]);
    await recordConsent(t.app, consenting, 'web', true);
    expect(await ids(null, 'news', newsId)).toEqual([ownOnNews]);
  });

  it('maps every image asked for, those without faces to none, in a constant number of queries', async () => {
    const other = (await createPhoto(t.app, albumId)).id;
    const result = await rule().facesToBlur(member, 'photo', [photoId, other, 999_999]);
    expect([...result.keys()]).toEqual([photoId, other, 999_999]);
    expect(result.get(other)).toEqual([]);
    expect(result.get(999_999)).toEqual([]);
  });
});
