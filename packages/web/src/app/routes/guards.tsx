import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../../components/loading';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';

/** Sends a visitor to /login, remembering where they were going (state.from). */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'initializing') return <Loading />;
  if (status === 'unauthenticated') {
    return <Navigate to={paths.login.getHref()} replace state={{ from: location }} />;
  }
  return children;
}

/** Only for admins: a visitor goes to /login, a signed-in non-admin to /. */
export function AdminRoute({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const isAdmin = useCan('admin:panel');
  if (status === 'authenticated' && !isAdmin) return <Navigate to={paths.home.getHref()} replace />;
  return <ProtectedRoute>{children}</ProtectedRoute>;
}
