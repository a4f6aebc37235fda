import { CLIENT_ERRORS, type ForgotPasswordInput } from '@fogata/shared';
import { useMutation } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

/** POST /auth/forgot-password. */
export const forgotPassword = (input: ForgotPasswordInput) =>
  request(
    () => api.post<{ message: string }>('/auth/forgot-password', input),
    CLIENT_ERRORS.forgotPassword,
    CLIENT_ERRORS.forgotPasswordUnknown,
  );

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
