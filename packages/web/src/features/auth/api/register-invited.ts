import { CLIENT_ERRORS, type LoginResult, type RegisterInvitedBody } from '@fogata/shared';
import { useMutation } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

/** POST /auth/register-invited: creates the account and returns a session. */
export const registerInvited = (body: RegisterInvitedBody) =>
  request(() => api.post<LoginResult>('/auth/register-invited', body), CLIENT_ERRORS.register);

export const useRegisterInvited = () => useMutation({ mutationFn: registerInvited });
