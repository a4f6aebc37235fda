import { CLIENT_ERRORS, type LoginInput, type LoginResult } from '@fogata/shared';
import { useMutation } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

/** POST /auth/login. */
export const login = (input: LoginInput) =>
  request(
    () => api.post<LoginResult>('/auth/login', input),
    CLIENT_ERRORS.login,
    CLIENT_ERRORS.unknown,
  );

export const useLogin = () => useMutation({ mutationFn: login });
