import { SERVER_ERRORS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createUser } from '../test/factories.js';
import {
  assignScouter,
  createChild,
  createSection,
  setAudience,
} from '../test/family-factories.js';
import { createAlbum, createPhoto } from '../test/gallery-factories.js';
import { Access } from './access.js';

/*
 * The access policy's one entry on the test database: one question a permission, many ids, the
 * same answer whichever rule file holds it. Who manages which section is asked here and nowhere
 * else (an admin every one, a scouter theirs).
 */
let t: TestApp;
let access: Access;
let admin: { id: number; role: 'admin' };
let scouter: { id: number; role: 'scouter' };
let family: { id: number; role: 'usuario' };
let stranger: { id: number; role: 'usuario' };
let mine: number;
let other: number;
let ownChild: number;
let otherChild: number;
let ownAlbum: number;
let otherAlbum: number;
let otherPhoto: number;
let comment: number;

beforeAll(async () => {
  t = await buildTestApp();
  access = new Access(t.app.ctx);
  admin = { id: (await createUser(t.app, { role: 'admin' })).row.id, role: 'admin' };
  scouter = { id: (await createUser(t.app, { role: 'scouter' })).row.id, role: 'scouter' };
  family = { id: (await createUser(t.app)).row.id, role: 'usuario' };
  stranger = { id: (await createUser(t.app)).row.id, role: 'usuario' };
  mine = await createSection(t.app);
  other = await createSection(t.app);
  await assignScouter(t.app, scouter.id, [mine]);
  ownChild = await createChild(t.app, { sectionId: mine, guardians: [family.id] });
  otherChild = await createChild(t.app, { sectionId: other });
  ownAlbum = (await createAlbum(t.app)).id;
  otherAlbum = (await createAlbum(t.app)).id;
  await setAudience(t.app, ownAlbum, [mine]);
  await setAudience(t.app, otherAlbum, [other]);
  otherPhoto = (await createPhoto(t.app, otherAlbum)).id;
  const now = new Date().toISOString();
  const row = await t.app.ctx.db.kysely
    .insertInto('comments')
    .values({
      target_type: 'photo',
      target_id: otherPhoto,
      user_id: family.id,
      comment_text: 'Qué bonita',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  comment = row.id;
});
afterAll(() => t.close());

describe('sections and children: an admin manages every one, a scouter theirs, nobody else any', () => {
  it('section.manage', async () => {
    const ids = [mine, other];
    expect(await access.check(admin, 'section.manage', ids)).toEqual(new Set(ids));
    expect(await access.check(scouter, 'section.manage', ids)).toEqual(new Set([mine]));
    expect(await access.check(family, 'section.manage', ids)).toEqual(new Set());
    expect(await access.check(null, 'section.manage', ids)).toEqual(new Set());
    expect(access.managesAll(admin)).toBe(true);
    expect(access.managesAll(scouter)).toBe(false);
    await expect(access.require(scouter, 'section.manage', other)).rejects.toMatchObject({
      statusCode: 403,
      message: SERVER_ERRORS.sectionNotManaged,
    });
  });

  it('child.manage, and a missing child is one nobody manages', async () => {
    const ids = [ownChild, otherChild];
    expect(await access.check(admin, 'child.manage', ids)).toEqual(new Set(ids));
    expect(await access.check(scouter, 'child.manage', ids)).toEqual(new Set([ownChild]));
    expect(await access.check(family, 'child.manage', ids)).toEqual(new Set());
    expect(await access.may(admin, 'child.manage', 999_999)).toBe(false);
    await expect(access.require(scouter, 'child.manage', otherChild)).rejects.toMatchObject({
      statusCode: 404,
      message: SERVER_ERRORS.childNotFound,
    });
  });

  it("child.own and child.see: a family's own child, and its managers", async () => {
    const ids = [ownChild, otherChild];
    expect(await access.check(family, 'child.own', ids)).toEqual(new Set([ownChild]));
    expect(await access.check(stranger, 'child.own', ids)).toEqual(new Set());
    expect(await access.check(family, 'child.see', ids)).toEqual(new Set([ownChild]));
    expect(await access.check(scouter, 'child.see', ids)).toEqual(new Set([ownChild]));
    expect(await access.may(admin, 'child.see', otherChild)).toBe(true);
    expect(await access.may(stranger, 'child.see', ownChild)).toBe(false);
  });
});

describe('the gallery through the same entry', () => {
  it("album.see and photo.see follow the audience: another section's album is not there", async () => {
    const albums = [ownAlbum, otherAlbum];
    expect(await access.check(family, 'album.see', albums)).toEqual(new Set([ownAlbum]));
    expect(await access.check(scouter, 'album.see', albums)).toEqual(new Set([ownAlbum]));
    expect(await access.check(admin, 'album.see', albums)).toEqual(new Set(albums));
    expect(await access.check(family, 'photo.see', [otherPhoto])).toEqual(new Set());
    await expect(access.require(scouter, 'photo.see', otherPhoto)).rejects.toMatchObject({
      statusCode: 404,
      message: SERVER_ERRORS.photoNotFound,
    });
  });

  it('comment.delete: its author, a scouter or an admin', async () => {
    expect(await access.check(family, 'comment.delete', [comment])).toEqual(new Set([comment]));
    expect(await access.check(scouter, 'comment.delete', [comment])).toEqual(new Set([comment]));
    expect(await access.check(admin, 'comment.delete', [comment])).toEqual(new Set([comment]));
    expect(await access.check(stranger, 'comment.delete', [comment])).toEqual(new Set());
    expect(await access.check(null, 'comment.delete', [comment])).toEqual(new Set());
    await expect(access.require(stranger, 'comment.delete', comment)).rejects.toMatchObject({
      statusCode: 403,
      message: SERVER_ERRORS.forbidden,
    });
  });
});
