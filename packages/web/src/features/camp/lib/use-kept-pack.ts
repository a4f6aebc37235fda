import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../../lib/auth';
import { wipeOnPageOpen } from '../offline';
import { hasIndexedDb, readPack, type StoredPack } from './camp-db';

export type KeptPack =
  | { state: 'loading' }
  | { state: 'unavailable' }
  | { state: 'none' }
  | { state: 'kept'; stored: StoredPack };

/**
 * The pack of `activityId` as this browser keeps it, read after the wipe rules ran (a page open
 * is one of the moments they are checked); `reload` reads it again.
 */
export function useKeptPack(activityId: number): { kept: KeptPack; reload: () => Promise<void> } {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [kept, setKept] = useState<KeptPack>({ state: 'loading' });
  const reload = useCallback(async () => {
    if (!hasIndexedDb()) {
      setKept({ state: 'unavailable' });
      return;
    }
    try {
      const stored = userId === null ? null : await readPack(userId, activityId);
      setKept(stored ? { state: 'kept', stored } : { state: 'none' });
    } catch {
      setKept({ state: 'unavailable' });
    }
  }, [activityId, userId]);
  useEffect(() => {
    let live = true;
    void (async () => {
      await wipeOnPageOpen(userId);
      if (live) await reload();
    })();
    return () => {
      live = false;
    };
  }, [reload, userId]);
  return { kept, reload };
}
