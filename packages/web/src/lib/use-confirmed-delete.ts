import { useState } from 'react';
import type { Banner } from './banner';

/**
 * A list's delete behind a confirmation (posts, albums, the team): the item asked about, and the
 * banner that says how it went — the server's message, or `failed(reason)` in danger. `initial`
 * is a banner to show first (a deletion announced by the page that was left).
 */
export function useConfirmedDelete<T extends { id: number }>(
  remove: (id: number) => Promise<{ message: string }>,
  failed: (reason: string) => string,
  initial: Banner = null,
) {
  const [target, setTarget] = useState<T | null>(null);
  const [banner, setBanner] = useState<Banner>(initial);

  const confirm = async () => {
    if (!target) return;
    setBanner(null);
    try {
      const result = await remove(target.id);
      setBanner({ variant: 'success', message: result.message });
    } catch (error) {
      setBanner({ variant: 'danger', message: failed((error as Error).message) });
    } finally {
      setTarget(null);
    }
  };

  return { target, ask: setTarget, cancel: () => setTarget(null), confirm, banner, setBanner };
}
