import { CLIENT_ERRORS, type ResendInvitationResponse } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { invitationsQueryKey } from './get-invitations';

/** POST /invitations/{id}/resend: a pending invitation, mailed again with a new link. */
export const resendInvitation = (id: number) =>
  request(
    () => api.post<ResendInvitationResponse>(`/invitations/${id}/resend`),
    CLIENT_ERRORS.invitationResend(id),
  );

export const useResendInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
};
