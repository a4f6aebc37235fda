import { type Album, albumFirstReads, CLIENT_ERRORS } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { takeEarlyAnswer, takeEarlyRead } from '../../../lib/early-reads';
import { albumsQueryKey } from './get-albums';

export const albumQueryKey = (id: number) => [...albumsQueryKey, id] as const;

/** GET /albums/{id}; a 404 carries 'Álbum no encontrado'. */
export const getAlbum = (id: number) =>
  request(() => api.get<Album>(`/albums/${id}`), CLIENT_ERRORS.albumGet(id));

/** The album; on its page's first view, the read the page's script started (decision 038). */
export const useAlbum = (id: number, enabled = true) =>
  useQuery({
    queryKey: albumQueryKey(id),
    queryFn: async () => (await takeEarlyRead<Album>(albumFirstReads(id)[0]!)) ?? getAlbum(id),
    initialData: () => takeEarlyAnswer<Album>(albumFirstReads(id)[0]!),
    enabled,
  });
