// The API's routes share one request class and one reply class (decision 137): with a class per
// module, the code every request runs through saw too many shapes under mixed traffic and V8 ran
// it the slow way. Reads of different modules, anonymous and signed in, answered and not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createUser, type TestUser } from '../test/factories.js';

let t: TestApp;
let member: TestUser;
/** The request's and the reply's constructor of each request, by URL. */
const classes = new Map<string, [unknown, unknown]>();

beforeAll(async () => {
  t = await buildTestApp({}, (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      classes.set(request.url, [request.constructor, reply.constructor]);
      done();
    });
  });
  member = await createUser(t.app, { role: 'usuario' });
});
afterAll(() => t.close());

describe('the API routes', () => {
  it('share one request class and one reply class, whichever module answers', async () => {
    const urls = [
      '/api/news',
      '/api/experiences',
      '/api/monitors',
      '/api/albums',
      '/api/photos/album/1',
      '/api/profile/me',
      '/api/sections',
      '/api/health',
    ];
    for (const url of urls) {
      await t.app.inject({ method: 'GET', url, headers: member.headers });
    }
    expect([...classes.keys()].sort()).toEqual([...urls].sort());
    const [request, reply] = classes.get('/api/news') ?? [];
    for (const url of urls) {
      expect(classes.get(url)?.[0], url).toBe(request);
      expect(classes.get(url)?.[1], url).toBe(reply);
    }
  });
});
