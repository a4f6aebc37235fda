import { CLIENT_ERRORS, type ExternalNonceResponse, type LoginResult } from '@fogata/shared';
import { api, request } from '../../../lib/api-client';

/** GET /auth/google/nonce: the single-use value the provider puts in the ID token. */
export const getGoogleNonce = () =>
  request(
    () => api.get<ExternalNonceResponse>('/auth/google/nonce'),
    CLIENT_ERRORS.externalServer,
    CLIENT_ERRORS.externalVerify,
  );

/** POST /auth/google: the provider's ID token for a session. */
export const googleLogin = (token: string) =>
  request(
    () => api.post<LoginResult>('/auth/google', { token }),
    CLIENT_ERRORS.externalServer,
    CLIENT_ERRORS.externalVerify,
  );
