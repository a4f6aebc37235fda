import { LIMITS } from '@fogata/shared';
import { useEffect, useRef } from 'react';

/**
 * After a success a create or edit modal closes by itself after 1.5 s (or `delay` ms).
 * A parent's new `onClose` does not restart the wait.
 */
export function useCloseAfterSuccess(
  done: boolean,
  onClose: () => void,
  delay = LIMITS.modalCloseMs,
) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => onCloseRef.current(), delay);
    return () => clearTimeout(timer);
  }, [done, delay]);
}
