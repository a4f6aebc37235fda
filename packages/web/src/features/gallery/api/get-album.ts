import { type Album, CLIENT_ERRORS } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { albumsQueryKey } from './get-albums';

export const albumQueryKey = (id: number) => [...albumsQueryKey, id] as const;

/** GET /albums/{id}; a 404 carries 'Álbum no encontrado'. */
export const getAlbum = (id: number) =>
  request(() => api.get<Album>(`/albums/${id}`), CLIENT_ERRORS.albumGet(id));

export const useAlbum = (id: number, enabled = true) =>
  useQuery({ queryKey: albumQueryKey(id), queryFn: () => getAlbum(id), enabled });
