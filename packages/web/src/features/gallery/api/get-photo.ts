import { CLIENT_ERRORS, type Photo } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

export const photoQueryKey = (id: number) => ['photos', id] as const;

/** GET /photos/{id}. */
export const getPhoto = (id: number) =>
  request(() => api.get<Photo>(`/photos/${id}`), CLIENT_ERRORS.photoGet(id));

/** The photo, fetched again when the detail opens (fresh counts and URLs). */
export const usePhoto = (id: number | null) =>
  useQuery({
    queryKey: photoQueryKey(id ?? 0),
    queryFn: () => getPhoto(id!),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
