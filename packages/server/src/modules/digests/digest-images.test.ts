import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toImageVariants } from '../../media/image-pipeline.js';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/build-app.js';
import { addFace, recordConsent } from '../../test/consent-factories.js';
import { COMPOSED_FACE, composedFacePicture, faceStateIn } from '../../test/face-pixels.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createChild } from '../../test/family-factories.js';
import { createAlbum } from '../../test/gallery-factories.js';
import { DIGEST_COVER_WIDTH } from './digest-covers.js';
import { DigestService } from './digests.service.js';

/*
 * Album covers in the digest (decision 087), read from the real messages in the outbox: inline
 * (CID), small, with alt text, and rendered for each recipient by the face rule.
 */

const JOINED = '2026-03-01T07:00:00.000Z';

let t: TestApp;
let display: Buffer;
beforeAll(async () => {
  t = await buildTestApp({ digest: { checkMs: 3_600_000, hour: 8, timeZone: 'UTC' } });
  display = (await toImageVariants(await composedFacePicture())).display.data;
});
afterAll(() => t.close());

interface ParsedDigest {
  to: string;
  html: string;
  images: { cid: string; contentType: string; content: Buffer }[];
}

async function digests(): Promise<ParsedDigest[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const pending = await t.app.ctx.db.kysely
      .selectFrom('mail_queue')
      .select('id')
      .where('next_attempt_at', 'is not', null)
      .execute();
    if (pending.length === 0) break;
    if (Date.now() > deadline) throw new Error('la cola de correo no se vació');
    await new Promise((r) => setTimeout(r, 20));
  }
  const dir = join(t.config.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  const mails: ParsedDigest[] = [];
  for (const file of readdirSync(dir).sort()) {
    const parsed = await simpleParser(readFileSync(join(dir, file)));
    const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
    mails.push({
      to: to?.value[0]?.address ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      images: parsed.attachments.map((a) => ({
        cid: a.cid ?? '',
        contentType: a.contentType,
        content: a.content,
      })),
    });
  }
  return mails;
}

const mailTo = async (user: TestUser) => {
  const mail = (await digests()).find((m) => m.to === user.email);
  if (!mail) throw new Error(`no hay resumen para ${user.email}`);
  return mail;
};

/** An album created at `createdAt` whose stored cover is `display`. */
async function albumWithCover(title: string, createdAt: string) {
  const album = await createAlbum(t.app, { title, createdAt });
  await t.app.ctx.storage.save(album.coverKey, display, 'image/webp');
  return album;
}

describe('album covers in the digest', () => {
  it("carries each new album's cover inline, blurred for a family whose child lacks gallery consent and clear for the child's own", async () => {
    const album = await albumWithCover('Campamento de verano', '2026-03-02T12:00:00.000Z');
    const guardian = await createUser(t.app, { name: 'Madre Prueba', createdAt: JOINED });
    const other = await createUser(t.app, { name: 'Otra Familia', createdAt: JOINED });
    const child = await createChild(t.app, { guardians: [guardian.row.id] });
    const face = await addFace(t.app, { albumId: album.id }, COMPOSED_FACE, { childId: child });

    expect(await new DigestService(t.app.ctx).runOnce(new Date('2026-03-03T09:00:00.000Z'))).toBe(
      2,
    );
    const cid = `album-${album.id}@fogata`;

    const blurred = await mailTo(other);
    // mailparser puts the attachment a `cid:` names in its place: the reference held.
    expect(blurred.html).toMatch(
      /<img src="data:image\/jpeg;base64,[^"]+" alt="Portada del álbum «Campamento de verano»" width="320"/,
    );
    expect(blurred.html).toContain(`<a href="${TEST_PUBLIC_URL}/album/${album.id}"><img`);
    expect(blurred.images).toHaveLength(1);
    const [image] = blurred.images;
    expect(image?.cid).toBe(cid);
    expect(image?.contentType).toBe('image/jpeg');
    // Thumbnail size: small enough for ten covers in one mail.
    expect((await sharp(image?.content).metadata()).width).toBe(DIGEST_COVER_WIDTH);
    expect(image?.content.length).toBeLessThan(40_000);
    const other_ = await faceStateIn(display, image?.content ?? Buffer.alloc(0));
    expect(other_.state).toBe('blurred');
    expect(other_.far).toBeLessThan(6);

    const own = await mailTo(guardian);
    const clear = await faceStateIn(display, own.images[0]?.content ?? Buffer.alloc(0));
    expect(clear.state).toBe('clear');

    // The ledger: the cover went to each of them, with the face blurred for one only.
    const ledger = await t.app.ctx.db.kysely
      .selectFrom('image_publications')
      .select([
        'image_kind',
        'image_id',
        'channel',
        'title',
        'recipients',
        'recipient_id',
        'blurred_faces',
      ])
      .where('channel', '=', 'digest')
      .orderBy('recipient_id')
      .execute();
    expect(ledger).toEqual(
      [
        { recipient_id: guardian.row.id, blurred_faces: '' },
        { recipient_id: other.row.id, blurred_faces: String(face) },
      ]
        .sort((a, b) => a.recipient_id - b.recipient_id)
        .map((row) => ({
          image_kind: 'album',
          image_id: album.id,
          channel: 'digest',
          title: 'Campamento de verano',
          recipients: 1,
          ...row,
        })),
    );

    // Sent: the images do not stay in the queue's rows.
    const rows = await t.app.ctx.db.kysely.selectFrom('mail_queue').select('attachments').execute();
    expect(rows.every((row) => row.attachments === null)).toBe(true);
  });

  it('looks at the cover again as the mail goes out: consent withdrawn while it waited for the mail server blurs it (decision 101)', async () => {
    const album = await albumWithCover('Acampada de otoño', '2026-03-09T12:00:00.000Z');
    const reader = await createUser(t.app, { name: 'Lectora Paciente', createdAt: JOINED });
    const child = await createChild(t.app);
    await recordConsent(t.app, child, 'gallery', true);
    const face = await addFace(t.app, { albumId: album.id }, COMPOSED_FACE, { childId: child });

    // The mail server is down: the digest waits in the queue, its cover showing the child.
    await t.app.ctx.mailQueue.stop();
    try {
      await new DigestService(t.app.ctx).runOnce(new Date('2026-03-10T09:00:00.000Z'));
      const queued = await t.app.ctx.db.kysely
        .selectFrom('mail_queue')
        .select('attachments')
        .where('recipient', '=', reader.email)
        .executeTakeFirstOrThrow();
      expect(queued.attachments).toContain('"blurred":""');
      await recordConsent(t.app, child, 'gallery', false);
    } finally {
      t.app.ctx.mailQueue.start();
    }
    const mail = await mailTo(reader);
    const cover = mail.images.find((image) => image.cid === `album-${album.id}@fogata`);
    const received = await faceStateIn(display, cover?.content ?? Buffer.alloc(0));
    expect(received.state).toBe('blurred');
    // The ledger says what went: queued clear, sent blurred.
    const ledger = await t.app.ctx.db.kysely
      .selectFrom('image_publications')
      .select('blurred_faces')
      .where('channel', '=', 'digest')
      .where('recipient_id', '=', reader.row.id)
      .where('image_id', '=', album.id)
      .orderBy('id')
      .execute();
    expect(ledger.map((row) => row.blurred_faces)).toEqual(['', String(face)]);
  });
});
