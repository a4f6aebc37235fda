import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { nameDelegate } from '../../test/safeguarding-factories.js';

/* Who the delegado/a de protección is: the same for everyone, and `mine` only for who asks. */

let t: TestApp;
let admin: TestUser;
let delegate: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
  delegate = await createUser(t.app, { role: 'scouter', name: 'Lucía Prieto' });
  other = await createUser(t.app, { role: 'scouter', name: 'Hugo Scouter' });
});
afterAll(() => t.close());

const read = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/protection/delegate', headers });

describe('GET /api/protection/delegate', () => {
  it('is null before one is named, for a visitor and a member', async () => {
    expect((await read()).json()).toBeNull();
    expect((await read(admin.headers)).json()).toBeNull();
  });

  it('tells the delegado/a it is them, anyone else it is not, and a visitor only the name', async () => {
    await nameDelegate(t.app, admin, delegate.row.id, '600 000 000');
    expect((await read()).json()).toEqual({ name: 'Lucía Prieto', contact: '600 000 000' });
    expect((await read(delegate.headers)).json()).toEqual({
      name: 'Lucía Prieto',
      contact: '600 000 000',
      mine: true,
    });
    expect((await read(other.headers)).json()).toEqual({
      name: 'Lucía Prieto',
      contact: '600 000 000',
      mine: false,
    });
  });
});
