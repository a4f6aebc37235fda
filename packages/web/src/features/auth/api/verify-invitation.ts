import { CLIENT_ERRORS, type InvitationVerifyResponse } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

/** GET /invitations/verify/{token}: the invited e-mail and role. */
export const verifyInvitation = (token: string) =>
  request(
    () => api.get<InvitationVerifyResponse>(`/invitations/verify/${encodeURIComponent(token)}`),
    CLIENT_ERRORS.invitationVerify,
  );

export const useVerifyInvitation = (token: string | null) =>
  useQuery({
    queryKey: ['invitations', 'verify', token],
    queryFn: () => verifyInvitation(token!),
    enabled: !!token,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
