import { type Album, CLIENT_ERRORS } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

export const albumsQueryKey = ['albums'] as const;

/** GET /albums: every album, newest first. */
export const getAlbums = () => request(() => api.get<Album[]>('/albums'), CLIENT_ERRORS.albumsList);

export const useAlbums = () => useQuery({ queryKey: albumsQueryKey, queryFn: getAlbums });
