import type { ProtectionMessage, ProtectionMessageRead } from '@fogata/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { PROTECTION_TEXTS as T } from '../texts';

/* Writing to the delegado/a de protección (anyone) and their inbox (only them). */

export interface MessageBody {
  body: string;
  name?: string;
  reply_to?: string;
}

/** POST /protection/messages: 201 with the text to show. */
export const useSendMessage = () =>
  useMutation({
    mutationFn: (body: MessageBody) =>
      request(() => api.post<{ message: string }>('/protection/messages', body), T.sendFailed),
  });

/**
 * GET /protection/messages: every opening is a reading the log keeps, so the inbox is asked for
 * once per visit, not again when the window regains focus, and not kept after leaving it.
 */
export const useInbox = () =>
  useQuery({
    queryKey: ['protection', 'messages'],
    queryFn: () =>
      request(() => api.get<{ items: ProtectionMessage[] }>('/protection/messages'), T.inboxFailed),
    refetchOnWindowFocus: false,
    gcTime: 0,
  });

/** GET /protection/reads: the sealed log (who read, when); after the inbox, so it includes this visit. */
export const useMessageReads = (enabled: boolean) =>
  useQuery({
    queryKey: ['protection', 'reads'],
    queryFn: () =>
      request(
        () => api.get<{ items: ProtectionMessageRead[] }>('/protection/reads'),
        T.readsFailed,
      ),
    enabled,
    gcTime: 0,
  });
