// A real server process killed with SIGKILL while its scan is looking for faces in the photos of
// an upload that was already answered (decision 139), then started again on the same DATA_DIR and
// database: no queued photo is lost. The ones nobody held are scanned by the new process at once;
// the ones the dead process held stay queued, their tries counted, until their leases end.
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartParts, noisyJpeg, type Part } from '../test/images.js';
import { processData } from '../test/process-db.js';
import {
  FIRST_ADMIN,
  type ServerProcess,
  signInWithAlbum,
  startServerProcess,
} from '../test/server-process.js';
import { waitUntil } from '../test/wait.js';

const PHOTOS = 4;

interface QueueRow {
  id: number;
  photo_id: number | null;
  attempts: number;
  claimed_until: string | null;
}

describe('kill -9 while the scan looks for faces', () => {
  let server: ServerProcess | null = null;
  const data = processData('fogata-scan-crash-', () => server);
  const { dataDir } = data;
  let env: Record<string, string | undefined>;

  /** The scan's queue, read straight from the database. */
  async function queue(): Promise<QueueRow[]> {
    const sql =
      'select id, photo_id, attempts, claimed_until from face_scan_queue where gave_up_at is null order by id';
    return data.query<QueueRow>(sql);
  }

  /** The row the scan holds right now (claimed, its lease running), if any. */
  async function held(): Promise<QueueRow | undefined> {
    const now = new Date().toISOString();
    return (await queue()).find((row) => row.claimed_until !== null && row.claimed_until > now);
  }

  beforeAll(() => {
    // The detector at the server's own priority: on a machine busy with other test runs, the
    // lowest would leave the queue waiting for minutes.
    env = {
      DATABASE_URL: data.pgUrl(),
      ...FIRST_ADMIN,
      LOG_LEVEL: 'error',
      FACE_DETECTOR_NICE: '0',
    };
  });

  it('keeps every queued photo: the free ones scanned after the restart, the held ones queued', async () => {
    server = await startServerProcess(dataDir, env);
    const { auth, albumId } = await signInWithAlbum(server.url);

    // Photos the real detector takes a few network runs on (at the lowest priority, seconds on a
    // busy machine): the window for the kill is wide, and the test short.
    const photo = await noisyJpeg(900, 600);
    const parts: Part[] = [
      { name: 'albumId', value: String(albumId) },
      ...Array.from({ length: PHOTOS }, (_, i) => ({
        field: 'images',
        filename: `foto-${i}.jpg`,
        type: 'image/jpeg',
        data: photo,
      })),
    ];
    const body = multipartParts(parts);
    const uploaded = await fetch(`${server.url}/api/photos/upload`, {
      method: 'POST',
      headers: { ...auth, ...body.headers },
      body: body.payload,
    });
    expect(uploaded.status).toBe(201);
    const ids = ((await uploaded.json()) as { uploaded: { id: number }[] }).uploaded.map(
      (p) => p.id,
    );
    expect(ids).toHaveLength(PHOTOS);

    // SIGKILL while the scan holds a photo (or two: an idle site scans two at once). A detection
    // may end between the look and the kill: then the process is started again and killed on
    // the next one, until a kill lands mid-scan. What the dead process held is what it claimed
    // and never finished (a lease still running, read once it is gone).
    let dead: QueueRow[] = [];
    for (let tries = 0; tries < 3 && dead.length === 0; tries += 1) {
      await waitUntil(
        'el escaneo toma una foto',
        async () => (await held()) !== undefined,
        120_000,
      );
      await server.kill9();
      const now = new Date().toISOString();
      dead = (await queue()).filter((row) => row.claimed_until !== null && row.claimed_until > now);
      if (dead.length === 0) server = await startServerProcess(dataDir, env);
    }
    if (dead.length === 0) throw new Error('ninguna parada cayó en mitad de una detección');
    const deadIds = new Set(dead.map((row) => row.id));
    expect((await queue()).length).toBeGreaterThan(dead.length);

    server = await startServerProcess(dataDir, env);
    // The rows nobody holds are scanned; the dead process's stay, their tries counted.
    await waitUntil(
      'el escaneo termina lo que nadie tiene',
      async () => (await queue()).every((row) => deadIds.has(row.id)),
      400_000,
    );
    const left = await queue();
    expect(left.map((row) => row.id).sort()).toEqual([...deadIds].sort());
    expect(left.every((row) => row.attempts >= 1)).toBe(true);
    // Every photo is still there.
    const photos = await fetch(`${server.url}/api/photos/album/${albumId}`, { headers: auth });
    expect(((await photos.json()) as { id: number }[]).map((p) => p.id).sort()).toEqual(
      [...ids].sort(),
    );
  }, 600_000);
});
