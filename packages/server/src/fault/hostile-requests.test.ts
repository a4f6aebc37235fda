// Requests no browser sends: a body cut off mid-way or broken at the HTTP level, and path
// parameters of 10 KB. Every answer is in the app's Spanish shape, never Fastify's English one.
import { connect } from 'node:net';
import { SERVER_ERRORS } from '@fogata/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test/app-per-file.js';
import { createUser, type TestUser } from '../test/factories.js';

const t = testAppPerFile();
let port: number;
let scouter: TestUser;
beforeAll(async () => {
  scouter = await createUser(t.app, { role: 'scouter' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

/** Writes `raw` on a socket, then half-closes it after `endAfterMs`; resolves with all it read. */
function rawRequest(raw: string, endAfterMs: number | null): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let out = '';
    socket.on('data', (chunk) => {
      out += chunk.toString();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(out));
    socket.write(raw);
    if (endAfterMs !== null) setTimeout(() => socket.end(), endAfterMs);
  });
}

/** The JSON bodies of every HTTP answer in `raw`, in order. */
function bodies(raw: string): unknown[] {
  return raw
    .split(/HTTP\/1\.1 /)
    .filter(Boolean)
    .map((answer) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
}

describe('a request the HTTP parser gives up on', () => {
  it('answers an upload cut off by the client in Spanish', async () => {
    const out = await rawRequest(
      'POST /api/photos/upload HTTP/1.1\r\nHost: fogata\r\n' +
        `Authorization: ${scouter.headers.authorization}\r\n` +
        'Content-Type: multipart/form-data; boundary=XX\r\nContent-Length: 100000\r\n\r\n' +
        '--XX\r\nContent-Disposition: form-data; name="albumId"\r\n\r\n1\r\n' +
        '--XX\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\n' +
        'Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff',
      200,
    );
    expect(out).not.toContain('Client Error');
    expect(bodies(out)).toContainEqual({ message: SERVER_ERRORS.malformedRequest });
    for (const body of bodies(out)) {
      expect(Object.keys(body as object)).toEqual(['message']);
    }
  });

  it('answers a broken chunked body in Spanish', async () => {
    const out = await rawRequest(
      'POST /api/auth/login HTTP/1.1\r\nHost: fogata\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\nZZ\r\n',
      null,
    );
    expect(out.startsWith('HTTP/1.1 400 Bad Request\r\n')).toBe(true);
    expect(bodies(out)).toEqual([{ message: SERVER_ERRORS.malformedRequest }]);
  });
});

describe('a path parameter of 10 KB', () => {
  const long = '1'.repeat(10_000);
  for (const path of [
    `/api/news/${long}`,
    `/api/photos/${long}`,
    `/api/albums/${long}`,
    `/api/news/${long}/comments`,
    `/api/invitations/${long}`,
    `/media/${long}`,
    `/media/news/${long}.webp`,
  ]) {
    it(`is a 404 in the app's shape: ${path.slice(0, 20)}…`, async () => {
      const res = await t.app.inject({ url: path, headers: scouter.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.routeNotFound });
    });
  }
});
