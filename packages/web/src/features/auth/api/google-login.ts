import { CLIENT_ERRORS, type LoginResult } from '@fogata/shared';
import { api, request } from '../../../lib/api-client';

/** POST /auth/google: the provider's ID token for a session. */
export const googleLogin = (token: string) =>
  request(
    () => api.post<LoginResult>('/auth/google', { token }),
    CLIENT_ERRORS.externalServer,
    CLIENT_ERRORS.externalVerify,
  );
