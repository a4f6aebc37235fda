import { CLIENT_ERRORS, type MyRemovalRequest } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { myRemovalRequestsQueryKey } from '../../../lib/removal-requests-api';
import { albumsQueryKey } from './get-albums';

/** POST /photos/{id}/removal-request: the photo is hidden at once for everyone but managers. */
export const requestRemoval = ({ photoId, reason }: { photoId: number; reason: string }) =>
  request(
    () =>
      api.post<{ message: string; request: MyRemovalRequest }>(
        `/photos/${photoId}/removal-request`,
        { reason },
      ),
    CLIENT_ERRORS.removalRequest(photoId),
  );

export const useRequestRemoval = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRemoval,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myRemovalRequestsQueryKey }),
        // The photo left the album's list and counts.
        queryClient.invalidateQueries({ queryKey: albumsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['photos'] }),
      ]),
  });
};
