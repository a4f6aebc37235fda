import { CLIENT_ERRORS } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { monitorsQueryKey } from './get-monitors';

/** DELETE /monitors/{id}: the team member and their photo files. */
export const deleteMonitor = (id: number) =>
  request(
    () => api.delete<{ message: string }>(`/monitors/${id}`),
    CLIENT_ERRORS.monitorDelete(id),
  );

export const useDeleteMonitor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMonitor,
    // Also after a failure: a member someone else already removed should leave the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: monitorsQueryKey }),
  });
};
