import { CLIENT_ERRORS, type Photo } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

export const albumPhotosQueryKey = (albumId: number) => ['photos', 'album', albumId] as const;

/** GET /photos/album/{albumId}: the album's photos. */
export const getAlbumPhotos = (albumId: number) =>
  request(() => api.get<Photo[]>(`/photos/album/${albumId}`), CLIENT_ERRORS.photosList(albumId));

export const useAlbumPhotos = (albumId: number, enabled = true) =>
  useQuery({
    queryKey: albumPhotosQueryKey(albumId),
    queryFn: () => getAlbumPhotos(albumId),
    enabled,
  });
