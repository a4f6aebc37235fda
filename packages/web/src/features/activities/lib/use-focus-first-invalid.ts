import { useEffect, useRef, useState } from 'react';

/**
 * After a form's own checks fail, the keyboard and the screen reader land on the first field in
 * error (once the errors are drawn), not on a button far below them.
 */
export function useFocusFirstInvalid() {
  const ref = useRef<HTMLFormElement>(null);
  const [failed, setFailed] = useState(0);
  useEffect(() => {
    if (failed === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"], .is-invalid')?.focus();
  }, [failed]);
  return { ref, focusFirstInvalid: () => setFailed((n) => n + 1) };
}
