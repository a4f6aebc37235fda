import { createContext } from 'react';
import type { SessionUser } from './token';

export type AuthStatus = 'initializing' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  isAuthenticated: boolean;
  /** Stores the token and opens the session; `user` adds what the token lacks (the avatar). */
  login: (token: string, user?: Partial<SessionUser>) => void;
  /** Removes the token and goes to /login. */
  logout: () => void;
  /** Removes the token and goes to `to` with router `state` (a page that says why, e.g. «cuenta eliminada»). */
  leave: (to: string, state?: unknown) => void;
  /** Refreshes the session user after a profile change (the token stays the same). */
  updateUser: (changes: Partial<Omit<SessionUser, 'id'>>) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
