import { LIMITS } from '@fogata/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/**
 * With fake timers: the modal `name` is still open, and closes once its success message has
 * shown for LIMITS.modalCloseMs.
 */
export async function expectClosesAfterSuccess(name: string): Promise<void> {
  expect(screen.getByRole('dialog', { name })).toBeInTheDocument();
  await act(async () => vi.advanceTimersByTime(LIMITS.modalCloseMs));
  await waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());
}
