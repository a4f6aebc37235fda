import { CLIENT_ERRORS, LIMITS } from '@fogata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AUTH_LOGOUT_EVENT } from '../api-client';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context';
import { getMe } from './get-me';
import {
  decodeToken,
  isExpired,
  readStoredSession,
  type SessionUser,
  userFromPayload,
} from './token';

// setTimeout cannot wait longer than this.
const MAX_TIMEOUT_MS = 2_147_483_647;

interface Session {
  status: AuthStatus;
  user: SessionUser | null;
  exp: number | null;
}

interface AuthProviderProps {
  children: ReactNode;
  /** Whether a restored session asks the server for the avatar and fresh name (off in tests). */
  refreshOnRestore?: boolean;
  /**
   * Called as a session ends (sign-out, expiry, a rejected token), with its user's id and the
   * token it held (null once gone): the camp pack kept for offline use is wiped then.
   */
  onSessionEnd?: (userId: number | null, token: string | null) => void;
}

/** The session a valid stored token holds, or none (an expired or unreadable token: logged out). */
function restoredSession(): Session {
  const stored = readStoredSession();
  return stored
    ? {
        status: 'authenticated',
        user: userFromPayload(stored.payload),
        exp: stored.payload.exp,
      }
    : { status: 'unauthenticated', user: null, exp: null };
}

/**
 * The session: initializing, then authenticated or logged out. The stored token is
 * read while the provider first draws, so the app draws once with the session instead of a
 * second time for it (a second pass of the whole page costs a phone's main thread dearly);
 * 'initializing' lasts until then.
 */
export function AuthProvider({
  children,
  refreshOnRestore = true,
  onSessionEnd,
}: AuthProviderProps) {
  const [session, setSession] = useState<Session>(restoredSession);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  const userId = session.user?.id ?? null;
  const endSession = useCallback(() => {
    onSessionEnd?.(userId, localStorage.getItem(LIMITS.tokenStorageKey));
    localStorage.removeItem(LIMITS.tokenStorageKey);
    setSession({ status: 'unauthenticated', user: null, exp: null });
    // Another person may sign in next on this browser: forget everything but the group config.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' });
  }, [queryClient, onSessionEnd, userId]);

  // Once restored: an expired or malformed token is dropped (logged out without a message); a
  // valid one asks the server for the avatar and the fresh name.
  useEffect(() => {
    if (!readStoredSession()) {
      localStorage.removeItem(LIMITS.tokenStorageKey);
      return;
    }
    if (!refreshOnRestore) return;
    getMe()
      .then((me) =>
        setSession((s) =>
          s.user?.id === me.id
            ? { ...s, user: { ...s.user, name: me.name, role: me.role, avatar_url: me.avatar_url } }
            : s,
        ),
      )
      .catch(() => {
        // A rejected session already triggered the logout event; anything else can wait.
      });
  }, [refreshOnRestore]);

  const logout = useCallback(() => {
    endSession();
    navigate('/login');
  }, [endSession, navigate]);

  // Where `leave` is going: the session ends once the router is there. Navigations render as
  // transitions, after a plain state change, so ending it at once would let the page's guard
  // send the visitor to /login first.
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const leave = useCallback(
    (to: string, state?: unknown) => {
      // No request carries the token from now on.
      localStorage.removeItem(LIMITS.tokenStorageKey);
      setLeavingTo(to.split(/[?#]/)[0] || '/');
      navigate(to, { replace: true, state });
    },
    [navigate],
  );
  useEffect(() => {
    if (leavingTo === null || location.pathname !== leavingTo) return;
    setLeavingTo(null);
    endSession();
  }, [leavingTo, location.pathname, endSession]);

  // The HTTP layer's 401: end the session and come back here after signing in again.
  const from = location;
  useEffect(() => {
    const onLogout = () => {
      endSession();
      navigate('/login', { state: { from } });
    };
    window.addEventListener(AUTH_LOGOUT_EVENT, onLogout);
    return () => window.removeEventListener(AUTH_LOGOUT_EVENT, onLogout);
  }, [endSession, navigate, from]);

  // End the session when the token expires while the app is open.
  useEffect(() => {
    if (session.status !== 'authenticated' || session.exp === null) return;
    const wait = session.exp * 1000 - Date.now();
    if (wait > MAX_TIMEOUT_MS) return;
    const timer = setTimeout(logout, Math.max(wait, 0));
    return () => clearTimeout(timer);
  }, [session.status, session.exp, logout]);

  const login = useCallback(
    (token: string, extra?: Partial<SessionUser>) => {
      const payload = decodeToken(token);
      if (!payload || isExpired(payload)) throw new Error(CLIENT_ERRORS.sessionExpired);
      localStorage.setItem(LIMITS.tokenStorageKey, token);
      setSession({
        status: 'authenticated',
        user: { ...userFromPayload(payload), avatar_url: extra?.avatar_url ?? null },
        exp: payload.exp,
      });
      // What was read as a visitor (the page's own answers among it) may differ for a member:
      // drafts, their likes, the comments they may delete. It is asked for again when next
      // shown, not now: the page signing in (an invitation's check) must not ask again.
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== 'config',
        refetchType: 'none',
      });
    },
    [queryClient],
  );

  const updateUser = useCallback<AuthContextValue['updateUser']>((changes) => {
    setSession((s) => (s.user ? { ...s, user: { ...s.user, ...changes } } : s));
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: session.status,
      user: session.user,
      isAuthenticated: session.status === 'authenticated',
      login,
      logout,
      leave,
      updateUser,
    }),
    [session.status, session.user, login, logout, leave, updateUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
