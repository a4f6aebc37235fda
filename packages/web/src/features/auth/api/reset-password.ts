import { CLIENT_ERRORS, type ResetPasswordBody } from '@fogata/shared';
import { useMutation } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

/** POST /auth/reset-password. */
export const resetPassword = (body: ResetPasswordBody) =>
  request(
    () => api.post<{ message: string }>('/auth/reset-password', body),
    CLIENT_ERRORS.resetPassword,
    CLIENT_ERRORS.resetPasswordUnknown,
  );

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
