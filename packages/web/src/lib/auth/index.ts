export type { AuthContextValue, AuthStatus } from './auth-context';
export { AuthProvider } from './auth-provider';
export type { SessionUser } from './token';
export { useAuth } from './use-auth';
