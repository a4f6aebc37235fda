import { useEffect } from 'react';
import { useAuth } from '../../lib/auth';
import { campAppStart } from './boot';

/**
 * Draws nothing: on the app's start and each change of account, wipes the camp packs that are
 * due (or not this account's) and sends the marks that wait.
 */
export function CampKeeper() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  useEffect(() => campAppStart(userId), [userId]);
  return null;
}
