import { AUDIT_TOTAL_HEADER, type AuditEntry, SERVER_ERRORS } from '@fogata/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../test/app-per-file.js';
import {
  changeRole,
  createFirstAdmin,
  createInvitation,
  createUser,
  deleteAccount,
  type TestUser,
} from '../../test/factories.js';
import { createAlbum, createPhoto } from '../../test/gallery-factories.js';
import { recordAudit } from './audit.js';

const t = testAppPerFile();
let admin: TestUser;
beforeAll(async () => {
  admin = await createFirstAdmin(t.app);
});

async function entries(query = ''): Promise<AuditEntry[]> {
  const res = await t.app.inject({ url: `/api/admin/audit${query}`, headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The newest entry of `action` about `targetId`. */
async function latest(action: string, targetId: number): Promise<AuditEntry | undefined> {
  const list = await entries('?limit=100');
  return list.find((e) => e.action === action && e.target_id === targetId);
}

describe('the audit trail records who did what', () => {
  it('a role change, with the roles before and after', async () => {
    const u = await createUser(t.app, { name: 'Rafa' });
    const res = await changeRole(t.app, admin, u.row.id, 'scouter');
    expect(res.statusCode).toBe(200);
    expect(await latest('user.role_changed', u.row.id)).toMatchObject({
      actor_id: admin.row.id,
      actor_name: 'Marta',
      target_type: 'user',
      target_label: 'Rafa',
      details: { email: u.email, from: 'usuario', to: 'scouter' },
    });
  });

  it('a user deleted, and the entry outlives the user', async () => {
    const u = await createUser(t.app, { name: 'Lola', role: 'scouter' });
    const res = await deleteAccount(t.app, admin, u.row.id);
    expect(res.statusCode).toBe(200);
    expect(await latest('user.deleted', u.row.id)).toMatchObject({
      actor_name: 'Marta',
      target_label: 'Lola',
      details: { email: u.email, role: 'scouter' },
    });
  });

  it('nothing when the change is refused (the entry commits with the change or not at all)', async () => {
    const before = (await entries('?limit=100')).length;
    // The last admin cannot be deleted by another admin who is then demoted… simplest refusal:
    // an admin changing their own role.
    const res = await changeRole(t.app, admin, admin.row.id, 'usuario');
    expect(res.statusCode).toBe(403);
    const missing = await deleteAccount(t.app, admin, 999999);
    expect(missing.statusCode).toBe(404);
    expect((await entries('?limit=100')).length).toBe(before);
  });

  it('an invitation sent and one revoked', async () => {
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: admin.headers,
      payload: { invitations: [{ email: 'nueva@example.org', role: 'scouter' }] },
    });
    expect(send.statusCode).toBe(200);
    const list = await entries();
    expect(list[0]).toMatchObject({
      action: 'invitation.sent',
      actor_name: 'Marta',
      target_type: 'invitation',
      target_label: 'nueva@example.org',
      details: { role: 'scouter' },
    });
    const pending = await createInvitation(t.app, { email: 'otra@example.org' });
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/invitations/${pending.id}`,
      headers: admin.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect(await latest('invitation.revoked', pending.id)).toMatchObject({
      target_label: 'otra@example.org',
    });
  });

  it('a photo and an album deleted, by a scouter, with the album title', async () => {
    const scouter = await createUser(t.app, { role: 'scouter', name: 'Nico' });
    const album = await createAlbum(t.app, { title: 'Campamento de verano' });
    const photo = await createPhoto(t.app, album.id);
    await createPhoto(t.app, album.id);
    const delPhoto = await t.app.inject({
      method: 'DELETE',
      url: `/api/photos/${photo.id}`,
      headers: scouter.headers,
    });
    expect(delPhoto.statusCode).toBe(200);
    expect(await latest('photo.deleted', photo.id)).toMatchObject({
      actor_name: 'Nico',
      target_type: 'photo',
      target_label: 'Campamento de verano',
      details: { album_id: String(album.id) },
    });
    const delAlbum = await t.app.inject({
      method: 'DELETE',
      url: `/api/albums/${album.id}`,
      headers: scouter.headers,
    });
    expect(delAlbum.statusCode).toBe(200);
    expect(await latest('album.deleted', album.id)).toMatchObject({
      actor_name: 'Nico',
      target_label: 'Campamento de verano',
      details: { photos: '1' },
    });
  });
});

describe('GET /api/admin/audit', () => {
  it('pages newest first with the total in a header', async () => {
    for (let i = 0; i < 5; i += 1) {
      await recordAudit(t.app.ctx.db.kysely, {
        actor: { id: admin.row.id, name: 'Marta' },
        action: 'photo.hidden',
        target: { type: 'photo', id: 1000 + i },
      });
    }
    const res = await t.app.inject({ url: '/api/admin/audit?limit=2', headers: admin.headers });
    const total = Number(res.headers[AUDIT_TOTAL_HEADER]);
    expect(total).toBeGreaterThanOrEqual(5);
    const first = res.json() as AuditEntry[];
    expect(first.map((e) => e.target_id)).toEqual([1004, 1003]);
    const second = await entries('?limit=2&page=2');
    expect(second.map((e) => e.target_id)).toEqual([1002, 1001]);
    const all = await entries('?limit=100');
    expect(all).toHaveLength(total);
    expect(new Set(all.map((e) => e.id)).size).toBe(total);
    expect(await entries(`?limit=100&page=${Math.ceil(total / 100) + 1}`)).toEqual([]);
  });

  it('refuses a bad page or limit with 400, never a 500', async () => {
    for (const query of ['?limit=101', '?limit=0', '?page=0', '?page=abc']) {
      const res = await t.app.inject({ url: `/api/admin/audit${query}`, headers: admin.headers });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
    for (const role of ['usuario', 'scouter'] as const) {
      const u = await createUser(t.app, { role });
      const res = await t.app.inject({ url: '/api/admin/audit', headers: u.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(SERVER_ERRORS.adminOnly);
    }
  });
});

describe('append-only', () => {
  it('has no route that edits or deletes an entry', async () => {
    const [entry] = await entries();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/admin/audit/${entry?.id}`,
        headers: admin.headers,
        payload: {},
      });
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('the database itself refuses an update or a delete', async () => {
    const { kysely } = t.app.ctx.db;
    const before = await entries('?limit=100');
    await expect(
      kysely.updateTable('audit_log').set({ actor_name: 'Nadie' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(kysely.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    expect(await entries('?limit=100')).toEqual(before);
  });
});
