import type { AttendanceMark, AttendanceMarkInput, CampPack } from '@fogata/shared';
import { forgetPack, forgetPendingMarks, rememberPack, rememberPendingMarks } from './pack-index';

/*
 * The camp pack in the browser: IndexedDB, database `fogata-camp`, the only place the pack's
 * health data is kept (never the service worker's cache). Two object stores: `packs`, one record
 * per activity taken (the pack as the server sent it, with who took it), and `marks`, the marks
 * of «Pasar lista» not yet accepted by the server, one per cell and scouter. The marks carry no
 * names and no health data, only ids, a day, a moment and present or not, so they outlive a
 * wipe of the pack until they are sent.
 */

const DB_NAME = 'fogata-camp';
const DB_VERSION = 1;
const PACKS = 'packs';
const MARKS = 'marks';

/** A pack as the browser keeps it. */
export interface StoredPack {
  /** The activity's id (the key). */
  id: number;
  /** Who took it: another account signed in here never reads it. */
  user_id: number;
  pack: CampPack;
}

/** A mark made here and not yet accepted by the server. */
export interface PendingMark extends AttendanceMarkInput {
  user_id: number;
  activity_id: number;
}

/** Whether this browser gives pages IndexedDB (a private window of some browsers does not). */
export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined' && indexedDB !== null;
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB'));
  });
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(PACKS)) db.createObjectStore(PACKS, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(MARKS)) {
        const marks = db.createObjectStore(MARKS, {
          keyPath: ['user_id', 'activity_id', 'child_id', 'day', 'moment'],
        });
        marks.createIndex('activity', ['user_id', 'activity_id']);
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab deleting the database must not wait on this connection.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB'));
    };
  });
  return opening;
}

/** Keeps `pack` (replacing an earlier copy of the same activity) for `userId`. */
export async function savePack(userId: number, pack: CampPack): Promise<void> {
  const db = await open();
  const tx = db.transaction(PACKS, 'readwrite');
  tx.objectStore(PACKS).put({ id: pack.activity.id, user_id: userId, pack } satisfies StoredPack);
  await done(tx);
  rememberPack(pack.activity.id, pack.wipe_at, pack.activity.ends_at);
}

/** The pack of `activityId` kept for `userId`, or null. */
export async function readPack(userId: number, activityId: number): Promise<StoredPack | null> {
  const db = await open();
  const stored = (await promised(db.transaction(PACKS).objectStore(PACKS).get(activityId))) as
    | StoredPack
    | undefined;
  return stored && stored.user_id === userId ? stored : null;
}

/** Every pack kept here. */
export async function allPacks(): Promise<StoredPack[]> {
  const db = await open();
  return (await promised(db.transaction(PACKS).objectStore(PACKS).getAll())) as StoredPack[];
}

/** Deletes the pack of `activityId` (its pending marks stay until sent). */
export async function deletePack(activityId: number): Promise<void> {
  const db = await open();
  const tx = db.transaction(PACKS, 'readwrite');
  tx.objectStore(PACKS).delete(activityId);
  await done(tx);
  forgetPack(activityId);
}

/** Keeps a mark made now, replacing an earlier one of the same cell by the same scouter. */
export async function addMark(mark: PendingMark): Promise<void> {
  const db = await open();
  const tx = db.transaction(MARKS, 'readwrite');
  tx.objectStore(MARKS).put(mark);
  await done(tx);
  rememberPendingMarks();
}

/** The marks of `userId` for `activityId` not yet accepted. */
export async function pendingMarks(userId: number, activityId: number): Promise<PendingMark[]> {
  const db = await open();
  const index = db.transaction(MARKS).objectStore(MARKS).index('activity');
  return (await promised(index.getAll([userId, activityId]))) as PendingMark[];
}

/** Every mark not yet accepted, of any scouter and activity. */
export async function allPendingMarks(): Promise<PendingMark[]> {
  const db = await open();
  return (await promised(db.transaction(MARKS).objectStore(MARKS).getAll())) as PendingMark[];
}

const cellKey = (m: PendingMark) => [m.user_id, m.activity_id, m.child_id, m.day, m.moment];

/**
 * After the server answered a sync: the marks `sent` leave the queue (unless the cell was marked
 * again meanwhile: that newer mark still waits), and the pack's roll becomes the server's
 * `winners`, in one transaction.
 */
export async function settleMarks(
  userId: number,
  activityId: number,
  sent: PendingMark[],
  winners: AttendanceMark[] | null,
): Promise<void> {
  const db = await open();
  const tx = db.transaction([MARKS, PACKS], 'readwrite');
  const marks = tx.objectStore(MARKS);
  for (const mark of sent) {
    const key = cellKey(mark);
    const request = marks.get(key);
    request.onsuccess = () => {
      const now = request.result as PendingMark | undefined;
      if (now && now.marked_at === mark.marked_at) marks.delete(key);
    };
  }
  if (winners) {
    const packs = tx.objectStore(PACKS);
    const request = packs.get(activityId);
    request.onsuccess = () => {
      const stored = request.result as StoredPack | undefined;
      if (stored && stored.user_id === userId) {
        packs.put({ ...stored, pack: { ...stored.pack, attendance: winners } });
      }
    };
  }
  await done(tx);
  if ((await allPendingMarks()).length === 0) forgetPendingMarks();
}

/** Deletes the whole database: every pack and every mark. */
export async function deleteEverything(): Promise<void> {
  if (opening) {
    const db = await opening.catch(() => null);
    db?.close();
    opening = null;
  }
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
    // Another tab holding it open: it closes on versionchange, then this goes through.
    request.onblocked = () => {};
  });
  forgetPack(null);
  forgetPendingMarks();
}
