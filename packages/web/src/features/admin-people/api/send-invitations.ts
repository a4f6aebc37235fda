import {
  CLIENT_ERRORS,
  type SendInvitationsBody,
  type SendInvitationsResponse,
} from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { invitationsQueryKey } from './get-invitations';

/** POST /invitations: one invitation per address, all with the same role. */
export const sendInvitations = (body: SendInvitationsBody) =>
  request(
    () => api.post<SendInvitationsResponse>('/invitations', body),
    CLIENT_ERRORS.invitationsSend,
  );

export const useSendInvitations = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvitations,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
};
