import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/auth/get-me';
import { DIGEST_TEXTS } from '../texts';

/** POST /digest/unsubscribe?token=…: the digest's unsubscribe link, no session needed. */
export const unsubscribe = (token: string) =>
  request(
    () => api.post<{ message: string }>('/digest/unsubscribe', undefined, { params: { token } }),
    DIGEST_TEXTS.unsubscribeFailed,
  );

export const useUnsubscribe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    // A signed-in member's 'Editar Perfil' must read 'Nunca' from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
};
