import { CLIENT_ERRORS, type Invitation } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

export const invitationsQueryKey = ['admin', 'invitations'] as const;

/** GET /invitations: every invitation, newest first. */
export const getInvitations = () =>
  request(() => api.get<Invitation[]>('/invitations'), CLIENT_ERRORS.invitationsList);

export const useInvitations = () =>
  useQuery({ queryKey: invitationsQueryKey, queryFn: getInvitations });
