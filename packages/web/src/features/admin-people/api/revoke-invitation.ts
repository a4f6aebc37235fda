import { CLIENT_ERRORS } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { invitationsQueryKey } from './get-invitations';

/** DELETE /invitations/{id}: only pending invitations. */
export const revokeInvitation = (id: number) =>
  request(
    () => api.delete<{ message: string }>(`/invitations/${id}`),
    CLIENT_ERRORS.invitationRevoke(id),
  );

export const useRevokeInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
};
