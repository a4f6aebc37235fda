import { readFileSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { detectFaces } from '../../media/face-detection.js';
import { type FaceDetector, faceScanIdle } from '../../media/face-search.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createAlbum, postAlbum } from '../../test/gallery-factories.js';
import { multipartParts, type Part, pngImage } from '../../test/images.js';

/*
 * Faces looked for in every image stored (decision 139): photos and
 * album covers by the scan, woken by the upload (the tests wait for it to be idle); news and
 * experience images as they are stored. A detector given by the test says where the faces are;
 * one that throws loses no upload (the image stays in the scan's queue). The real detector runs
 * on a photograph with a face: the rows are exactly what it finds on the stored display copy.
 */

const astronaut = readFileSync(
  fileURLToPath(new URL('../../../../../fixtures/faces/astronaut.png', import.meta.url)),
);

let t: TestApp;
let scouter: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  scouter = await createUser(t.app, { role: 'scouter' });
});
afterAll(() => t.close());
afterEach(() => {
  t.app.ctx.faceDetector = undefined;
});

/** A detector that finds `boxes` in any image, and counts its calls. */
function knownFaces(boxes: { x: number; y: number; width: number; height: number }[]) {
  const calls: number[] = [];
  const detector: FaceDetector = async (input) => {
    calls.push(typeof input === 'string' ? 0 : input.length);
    return boxes.map((box) => ({ ...box, score: 0.9 }));
  };
  return { detector, calls };
}

const failing: FaceDetector = async () => {
  throw new Error('el modelo no cargó');
};

type Kind = 'photo_id' | 'album_id' | 'news_id' | 'experience_id';

async function facesOf(app: FastifyInstance, column: Kind, id: number) {
  return app.ctx.db.kysely
    .selectFrom('faces')
    .select(['x', 'y', 'width', 'height', 'status', 'source', 'score'])
    .where(column, '=', id)
    .orderBy('id')
    .execute();
}

async function queued(app: FastifyInstance, column: Kind, id: number): Promise<number> {
  const rows = await app.ctx.db.kysely
    .selectFrom('face_scan_queue')
    .select('id')
    .where(column, '=', id)
    .execute();
  return rows.length;
}

function upload(parts: Part[]) {
  const body = multipartParts(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/photos/upload',
    headers: { ...scouter.headers, ...body.headers },
    payload: body.payload,
  });
}

const photo = (filename: string, data: Buffer): Part => ({
  field: 'images',
  filename,
  type: 'image/png',
  data,
});

function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string>, file?: Part) {
  const parts: Part[] = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [file] : []),
  ];
  const body = multipartParts(parts);
  return t.app.inject({
    method,
    url,
    headers: { ...scouter.headers, ...body.headers },
    payload: body.payload,
  });
}

describe('photo uploads', () => {
  it('stores the faces the scan finds in each uploaded photo, pending review', async () => {
    const { detector, calls } = knownFaces([
      { x: 0.1, y: 0.2, width: 0.15, height: 0.2 },
      { x: 0.6, y: 0.25, width: 0.12, height: 0.16 },
    ]);
    t.app.ctx.faceDetector = detector;
    const album = await createAlbum(t.app);
    const res = await upload([
      { name: 'albumId', value: String(album.id) },
      photo('a.png', await pngImage(400, 300)),
      photo('b.png', await pngImage(300, 400, '#aa3311')),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = res.json().uploaded as { id: number }[];
    expect(uploaded).toHaveLength(2);
    await faceScanIdle(t.app.ctx);
    // Once per file, on the display copy (WebP bytes, not the upload's path).
    expect(calls).toHaveLength(2);
    expect(calls.every((size) => size > 0)).toBe(true);
    for (const { id } of uploaded) {
      const faces = await facesOf(t.app, 'photo_id', id);
      expect(faces).toHaveLength(2);
      expect(faces[0]).toMatchObject({ status: 'pending', source: 'detector' });
      expect(Number(faces[0]?.x)).toBeCloseTo(0.1);
      expect(Number(faces[1]?.width)).toBeCloseTo(0.12);
      expect(await queued(t.app, 'photo_id', id)).toBe(0);
    }
  });

  it('clips a box past the edge to the image and drops what is not a box', async () => {
    t.app.ctx.faceDetector = async () => [
      { x: -0.05, y: 0.9, width: 0.2, height: 0.2, score: 0.8 },
      { x: 0.5, y: 0.5, width: 0, height: 0.1, score: 0.8 },
      { x: Number.NaN, y: 0.1, width: 0.1, height: 0.1, score: 0.8 },
    ];
    const album = await createAlbum(t.app);
    const res = await upload([
      { name: 'albumId', value: String(album.id) },
      photo('borde.png', await pngImage(200, 200)),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    await faceScanIdle(t.app.ctx);
    const faces = await facesOf(t.app, 'photo_id', res.json().uploaded[0].id);
    expect(faces).toHaveLength(1);
    expect(Number(faces[0]?.x)).toBe(0);
    expect(Number(faces[0]?.width)).toBeCloseTo(0.15);
    expect(Number(faces[0]?.height)).toBeCloseTo(0.1);
  });

  it('keeps the upload when the detector fails, and leaves the photo queued for a retry', async () => {
    t.app.ctx.faceDetector = failing;
    const album = await createAlbum(t.app);
    const res = await upload([
      { name: 'albumId', value: String(album.id) },
      photo('c.png', await pngImage(200, 150)),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().uploaded[0].id as number;
    await faceScanIdle(t.app.ctx);
    expect(await facesOf(t.app, 'photo_id', id)).toEqual([]);
    expect(await queued(t.app, 'photo_id', id)).toBe(1);
  });

  it('stores exactly what the detector finds on the stored display copy of a real face', async () => {
    // With the real detector (no stand-in): at least the astronaut's face once it lands; none today.
    const album = await createAlbum(t.app);
    const res = await upload([
      { name: 'albumId', value: String(album.id) },
      photo('astronauta.png', astronaut),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().uploaded[0].id as number;
    await faceScanIdle(t.app.ctx);
    const row = await t.app.ctx.db.kysely
      .selectFrom('photos')
      .select('image_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const stored = await t.app.ctx.storage.read(row.image_key);
    if (!stored) throw new Error('no display copy');
    const expected = await detectFaces(await buffer(stored.stream));
    const faces = await facesOf(t.app, 'photo_id', id);
    expect(faces).toHaveLength(expected.length);
    expect(await queued(t.app, 'photo_id', id)).toBe(0);
  });
});

describe('album covers', () => {
  it('finds the cover faces on create, and a new cover replaces them (drawn boxes too)', async () => {
    t.app.ctx.faceDetector = knownFaces([{ x: 0.4, y: 0.3, width: 0.2, height: 0.25 }]).detector;
    const { id: albumId } = await postAlbum(t.app, scouter.headers, await pngImage(320, 240), {
      title: 'Acampada',
    });
    await faceScanIdle(t.app.ctx);
    expect(await facesOf(t.app, 'album_id', albumId)).toHaveLength(1);

    // A box drawn by hand on the old cover goes with it.
    const drawn = await t.app.inject({
      method: 'POST',
      url: '/api/faces',
      headers: scouter.headers,
      payload: {
        image: { kind: 'album', id: albumId },
        box: { x: 0.05, y: 0.05, width: 0.1, height: 0.1 },
      },
    });
    expect(drawn.statusCode, drawn.body).toBe(201);
    expect(await facesOf(t.app, 'album_id', albumId)).toHaveLength(2);

    t.app.ctx.faceDetector = knownFaces([
      { x: 0.1, y: 0.1, width: 0.1, height: 0.1 },
      { x: 0.3, y: 0.1, width: 0.1, height: 0.1 },
      { x: 0.5, y: 0.1, width: 0.1, height: 0.1 },
    ]).detector;
    const res = await send(
      'PUT',
      `/api/albums/${albumId}`,
      { title: 'Acampada' },
      { field: 'cover', filename: 'q.png', type: 'image/png', data: await pngImage(300, 300) },
    );
    expect(res.statusCode, res.body).toBe(200);
    await faceScanIdle(t.app.ctx);
    const faces = await facesOf(t.app, 'album_id', albumId);
    expect(faces).toHaveLength(3);
    expect(faces.every((face) => face.source === 'detector')).toBe(true);

    // An edit without a new cover leaves its faces alone.
    t.app.ctx.faceDetector = failing;
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/albums/${albumId}`,
      headers: scouter.headers,
      payload: { title: 'Acampada de otoño' },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await facesOf(t.app, 'album_id', albumId)).toHaveLength(3);
    expect(await queued(t.app, 'album_id', albumId)).toBe(0);
  });
});

describe('news and experience images', () => {
  const newsFields = {
    title: 'Salida a la sierra',
    description: 'Resumen breve',
    content: 'El sábado subimos a la sierra con la Tropa.',
  };
  const image = async (color = '#2980b9'): Promise<Part> => ({
    field: 'image',
    filename: 'n.png',
    type: 'image/png',
    data: await pngImage(400, 300, color),
  });

  it('finds a news image faces on create, replaces them with a new image, queues on failure', async () => {
    t.app.ctx.faceDetector = knownFaces([{ x: 0.2, y: 0.2, width: 0.2, height: 0.2 }]).detector;
    const created = await send('POST', '/api/news', newsFields, await image());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().news.id as number;
    expect(await facesOf(t.app, 'news_id', id)).toHaveLength(1);

    // Texts only: the faces stay.
    t.app.ctx.faceDetector = failing;
    const texts = await send('PUT', `/api/news/${id}`, { ...newsFields, title: 'Otra' });
    expect(texts.statusCode, texts.body).toBe(200);
    expect(await facesOf(t.app, 'news_id', id)).toHaveLength(1);

    // A new image the detector fails on: the old faces go, the new image waits for the scan.
    const replaced = await send('PUT', `/api/news/${id}`, newsFields, await image('#117733'));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await facesOf(t.app, 'news_id', id)).toEqual([]);
    expect(await queued(t.app, 'news_id', id)).toBe(1);

    // And the next image, found at once, takes it out of the queue.
    t.app.ctx.faceDetector = knownFaces([
      { x: 0.5, y: 0.5, width: 0.2, height: 0.2 },
      { x: 0.1, y: 0.5, width: 0.2, height: 0.2 },
    ]).detector;
    const again = await send('PUT', `/api/news/${id}`, newsFields, await image('#991177'));
    expect(again.statusCode, again.body).toBe(200);
    expect(await facesOf(t.app, 'news_id', id)).toHaveLength(2);
    expect(await queued(t.app, 'news_id', id)).toBe(0);
  });

  it('finds an experience image faces on create and on a new image', async () => {
    t.app.ctx.faceDetector = knownFaces([{ x: 0.2, y: 0.2, width: 0.2, height: 0.2 }]).detector;
    const fields = {
      title: 'Ruta por el cañón',
      description: 'Doce kilómetros entre paredes de roca.',
      category: 'ruta',
    };
    const created = await send('POST', '/api/experiences', fields, await image());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().experience.id as number;
    expect(await facesOf(t.app, 'experience_id', id)).toHaveLength(1);
    t.app.ctx.faceDetector = knownFaces([]).detector;
    const replaced = await send('PUT', `/api/experiences/${id}`, fields, await image('#224466'));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await facesOf(t.app, 'experience_id', id)).toEqual([]);
  });

  it('monitors (adults, their own photo) are not searched', async () => {
    const { detector, calls } = knownFaces([{ x: 0.2, y: 0.2, width: 0.2, height: 0.2 }]);
    t.app.ctx.faceDetector = detector;
    const png = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#888888' },
    })
      .png()
      .toBuffer();
    const admin = await createUser(t.app, { role: 'admin' });
    const body = multipartParts([
      { name: 'name', value: 'Lucía' },
      { name: 'role_description', value: 'Jefa de grupo' },
      { field: 'image', filename: 'm.png', type: 'image/png', data: png },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/monitors',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(calls).toHaveLength(0);
  });
});
