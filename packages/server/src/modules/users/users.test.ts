import { existsSync } from 'node:fs';
import { MSG, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalStorage } from '../../media/storage/storage.js';
import { testAppPerFile } from '../../test/app-per-file.js';
import { buildTestApp } from '../../test/build-app.js';
import {
  changeRole,
  createFirstAdmin,
  createUser,
  deleteAccount,
  isoFromNow,
  type TestUser,
} from '../../test/factories.js';
import { jpegWithGps, multipart } from '../../test/images.js';

const t = testAppPerFile();
let admin: TestUser;
beforeAll(async () => {
  admin = await createFirstAdmin(t.app);
});

const setRole = (id: number | string, role: unknown, actor: TestUser = admin) =>
  changeRole(t.app, actor, id, role);

describe('GET /api/admin/users', () => {
  it('lists every user newest first with the public fields only', async () => {
    const older = await createUser(t.app, { createdAt: isoFromNow(-30_000) });
    const newer = await createUser(t.app, { role: 'scouter', createdAt: isoFromNow(-10_000) });
    const res = await t.app.inject({ url: '/api/admin/users', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    const ids = list.map((u: { id: number }) => u.id);
    expect(ids.indexOf(newer.row.id)).toBeLessThan(ids.indexOf(older.row.id));
    expect(ids.indexOf(older.row.id)).toBeLessThan(ids.indexOf(admin.row.id));
    expect(list.find((u: { id: number }) => u.id === newer.row.id)).toEqual({
      id: newer.row.id,
      name: newer.row.name,
      email: newer.email,
      role: 'scouter',
      avatar_url: null,
      created_at: newer.row.created_at,
      children_count: 0,
      sections: [],
    });
  });
});

describe('PUT /api/admin/users/:id/role', () => {
  it('changes the role and returns the updated user', async () => {
    const u = await createUser(t.app, { name: 'Rafa' });
    const res = await setRole(u.row.id, 'scouter');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: u.row.id,
      name: 'Rafa',
      email: u.email,
      role: 'scouter',
      avatar_url: null,
      created_at: u.row.created_at,
    });
    // The new role holds at once: the old token now carries scouter rights.
    const me = await t.app.inject({ url: '/api/profile/me', headers: u.headers });
    expect(me.json().role).toBe('scouter');
  });

  it("refuses the admin's own row, an invalid role, an unknown user and bad ids", async () => {
    const self = await setRole(admin.row.id, 'usuario');
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: SERVER_ERRORS.cannotChangeSelf });

    const u = await createUser(t.app);
    for (const role of ['root', '', 7, null]) {
      const res = await setRole(u.row.id, role);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: MSG.invitationRoleInvalid,
        errors: [{ field: 'role', message: MSG.invitationRoleInvalid }],
      });
    }
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${u.row.id}/role`,
      headers: admin.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Rol seleccionado no válido.');

    const unknown = await setRole(999_999, 'usuario');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SERVER_ERRORS.userNotFound });

    for (const id of ['abc', '-1', '0']) {
      const res = await setRole(id, 'usuario');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('ID inválido.');
    }
  });

  it('never leaves the group without an admin', async () => {
    // Only reachable when an admin acts on the sole admin row, i.e. their own: both guards hold.
    const solo = await buildTestApp();
    try {
      const only = await createUser(solo.app, { role: 'admin' });
      const res = await solo.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${only.row.id}/role`,
        headers: only.headers,
        payload: { role: 'scouter' },
      });
      expect(res.statusCode).toBe(403);
      const count = await solo.app.ctx.db.kysely
        .selectFrom('users')
        .select('role')
        .where('role', '=', 'admin')
        .execute();
      expect(count).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('deletes the user and their avatar file', async () => {
    const u = await createUser(t.app, { name: 'Bea' });
    const up = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/me',
      ...withHeaders(
        u.headers,
        multipart({}, [
          { field: 'avatar', filename: 'a.jpg', type: 'image/jpeg', data: await jpegWithGps() },
        ]),
      ),
    });
    const file = (t.app.ctx.storage as LocalStorage).path(
      up.json().user.avatar_url.replace('/media/', ''),
    );
    expect(existsSync(file)).toBe(true);

    const res = await deleteAccount(t.app, admin, u.row.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_SUCCESS.userDeleted('Bea') });
    expect(res.json().message).toBe('Usuario Bea eliminado.');
    expect(existsSync(file)).toBe(false);

    const again = await deleteAccount(t.app, admin, u.row.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: SERVER_ERRORS.userNotFound });
  });

  it("refuses the admin's own row and bad ids; another admin can be deleted", async () => {
    const self = await deleteAccount(t.app, admin, admin.row.id);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: SERVER_ERRORS.cannotDeleteSelf });

    const other = await createUser(t.app, { role: 'admin' });
    const res = await deleteAccount(t.app, admin, other.row.id);
    expect(res.statusCode).toBe(200);

    const bad = await deleteAccount(t.app, admin, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'ID inválido.',
      errors: [{ field: 'id', message: 'ID inválido.' }],
    });
  });
});

function withHeaders(headers: Record<string, string>, body: ReturnType<typeof multipart>) {
  return { headers: { ...headers, ...body.headers }, payload: body.payload };
}
