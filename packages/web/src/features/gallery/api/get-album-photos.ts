import {
  albumFirstReads,
  CLIENT_ERRORS,
  LIMITS,
  type LikeResult,
  type Photo,
} from '@fogata/shared';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { takeEarlyAnswer, takeEarlyRead } from '../../../lib/early-reads';
import { albumQueryKey } from './get-album';
import { albumsQueryKey } from './get-albums';

export const albumPhotosQueryKey = (albumId: number) => ['photos', 'album', albumId] as const;

/** What the album's photo query holds: the pages read so far, in order. */
export type AlbumPhotos = InfiniteData<Photo[], unknown>;

/**
 * GET /photos/album/{albumId}?page&limit: one page of the album's photos, newest first
 * (decision 014). A camp album has up to 2000: a phone gets them a page at a time.
 */
export const getAlbumPhotosPage = (albumId: number, page: number) =>
  request(
    () =>
      api.get<Photo[]>(`/photos/album/${albumId}`, {
        params: { page, limit: LIMITS.photosPageSize },
      }),
    CLIENT_ERRORS.photosList(albumId),
  );

/** The album's photos, page by page: the grid asks for the next as the user scrolls near it. */
export const useAlbumPhotos = (albumId: number, enabled = true) =>
  useInfiniteQuery({
    queryKey: albumPhotosQueryKey(albumId),
    // The first page may already be on its way: the page's script asked for it (decision 038).
    queryFn: async ({ pageParam }) =>
      (pageParam === 1 ? await takeEarlyRead<Photo[]>(albumFirstReads(albumId)[1]!) : undefined) ??
      getAlbumPhotosPage(albumId, pageParam),
    initialPageParam: 1,
    // A full page may have more after it; a short one is the last.
    getNextPageParam: (last: Photo[], pages: Photo[][]) =>
      last.length === LIMITS.photosPageSize ? pages.length + 1 : undefined,
    initialData: () => {
      const first = takeEarlyAnswer<Photo[]>(albumFirstReads(albumId)[1]!);
      return first ? { pages: [first], pageParams: [1] } : undefined;
    },
    enabled,
  });

/** The photos of every page read, each once (an upload meanwhile shifts the pages). */
export function photosOf(data: AlbumPhotos | undefined): Photo[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flat().filter((p) => !seen.has(p.id) && !!seen.add(p.id));
}

/** Asks the album and every page of its photos read so far again: closing the detail reloads it. */
export function useReloadAlbum(albumId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: albumQueryKey(albumId) }),
      queryClient.invalidateQueries({ queryKey: albumPhotosQueryKey(albumId) }),
    ]);
}

/**
 * Puts the server's answer to a like into the grid's photo at once; the list of albums sums
 * likes, so it is marked stale without being asked again now.
 */
export function useApplyPhotoLike(albumId: number) {
  const queryClient = useQueryClient();
  return (photo: Photo, result: LikeResult) => {
    queryClient.setQueryData<AlbumPhotos>(albumPhotosQueryKey(albumId), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) =>
              page.map((p) =>
                p.id === photo.id
                  ? { ...p, likes_count: result.likeCount, user_has_liked: result.userHasLiked }
                  : p,
              ),
            ),
          }
        : data,
    );
    void queryClient.invalidateQueries({ queryKey: albumsQueryKey, refetchType: 'none' });
  };
}
