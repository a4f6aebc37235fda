import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';

/** The session; throws outside an AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth debe usarse dentro de un AuthProvider');
  return value;
}
