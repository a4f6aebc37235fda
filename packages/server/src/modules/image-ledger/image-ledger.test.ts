import { IMAGE_SETTINGS_MESSAGES } from '@fogata/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordPublications } from '../../media/copies/public-copies.repository.js';
import { facesChanged } from '../../media/renditions/face-changes.js';
import { testAppPerFile } from '../../test/app-per-file.js';
import { addFace } from '../../test/consent-factories.js';
import { createNews } from '../../test/content-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createChild } from '../../test/family-factories.js';
import { createAlbum, createPhoto } from '../../test/gallery-factories.js';

/** The ledger's view (decision 086): where images went, and what a child's withdrawal touched. */

const t = testAppPerFile();
let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
});

const BOX = { x: 0.1, y: 0.1, width: 0.3, height: 0.3 };

const ledger = (query = '') =>
  t.app.inject({ url: `/api/image-ledger?page=1${query}`, headers: admin.headers });

describe('the image ledger', () => {
  it('lists every publication newest first, and for a child the images they are in and whether their face went out', async () => {
    const child = await createChild(t.app);
    const stranger = await createChild(t.app);
    const member = await createUser(t.app, { name: 'Pedro Familia' });

    // A news item with the child's face: published clean (before review), then blurred.
    const news = await createNews(t.app, { title: 'Fiesta de Navidad', withFiles: true });
    const face = await addFace(t.app, { newsId: news.id }, BOX, { childId: child });
    await facesChanged(t.app.ctx, 'news', [news.id]);
    // An album with the child in one photo, downloaded as a ZIP by a member.
    const album = await createAlbum(t.app, { title: 'Campamento', withFiles: true });
    const photo = await createPhoto(t.app, album.id, { withFiles: true });
    await addFace(t.app, { photoId: photo.id }, BOX, { childId: child });
    const zip = await t.app.inject({
      url: `/api/albums/${album.id}/download`,
      headers: member.headers,
    });
    expect(zip.statusCode).toBe(200);
    // A digest with another album's cover, where only another child is.
    const other = await createAlbum(t.app, { title: 'Otra salida' });
    await addFace(t.app, { albumId: other.id }, BOX, { childId: stranger });
    await recordPublications(t.app.ctx.db.kysely, [
      {
        image_kind: 'album',
        image_id: other.id,
        channel: 'digest',
        title: 'Otra salida',
        recipients: 1,
        recipient_id: member.row.id,
        created_at: new Date().toISOString(),
      },
    ]);

    const all = await ledger();
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json().map((p: { channel: string; title: string }) => [p.channel, p.title])).toEqual(
      [
        ['digest', 'Otra salida'],
        ['zip', 'Campamento'],
        ['news', 'Fiesta de Navidad'],
      ],
    );

    const mine = await ledger(`&child=${child}`);
    expect(mine.headers['x-total-count']).toBe('2');
    const [download, published] = mine.json();
    expect(download).toMatchObject({
      channel: 'zip',
      image_kind: 'album',
      image_id: album.id,
      recipients: 1,
      recipient_name: 'Pedro Familia',
      child_shown: null,
    });
    expect(published).toMatchObject({
      channel: 'news',
      image_kind: 'news',
      image_id: news.id,
      title: 'Fiesta de Navidad',
      blurred: 1,
      child_shown: false,
    });
    expect(published.url).toMatch(/^\/media\/news\/[0-9a-f]{32}\.webp$/);
    expect(face).toBeGreaterThan(0);

    const theirs = await ledger(`&child=${stranger}`);
    expect(theirs.json()).toEqual([
      expect.objectContaining({ channel: 'digest', title: 'Otra salida', child_shown: true }),
    ]);
  });

  it('pages, and answers a bad child in Spanish', async () => {
    const page = await t.app.inject({
      url: '/api/image-ledger?page=2&limit=1',
      headers: admin.headers,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(1);
    const bad = await ledger('&child=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(IMAGE_SETTINGS_MESSAGES.childInvalid);
  });
});
