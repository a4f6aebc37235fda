import {
  CLIENT_ERRORS,
  FACE_REVIEW_PAGE_SIZE,
  FACE_REVIEW_TOTAL_HEADER,
  type FaceChild,
  type FaceReviewImage,
  type FaceReviewInput,
  type NewFaceInput,
  type ReviewFace,
} from '@fogata/shared';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, request, toApiError } from '../../../lib/api-client';
import { T } from '../texts';

/*
 * The calls of Revisar caras (decision 077): the images of an album (paged), a news item or an
 * experience, with their faces; the children a face may be assigned to; marking, drawing and
 * deleting a face, and taking a family's blur request off it. Each change updates the images in the cache and asks the album again (its
 * count of faces to review).
 */

/** Whose faces: an album's images, or a news item's or an experience's one image. */
export type FaceSource = { kind: 'album' | 'news' | 'experience'; id: number };

/** The API path of a source: /albums/1, /news/2, /experiences/3. */
function basePath(source: FaceSource): string {
  const collection =
    source.kind === 'album' ? 'albums' : source.kind === 'news' ? 'news' : 'experiences';
  return `/${collection}/${source.id}`;
}

export const facesQueryKey = (source: FaceSource) => ['faces', source.kind, source.id] as const;
export const faceChildrenQueryKey = (source: FaceSource) =>
  ['faces', source.kind, source.id, 'children'] as const;
/** The gallery's albums (their `faces_to_review`), the news' and experiences' own keys. */
const sourceQueryKey = (source: FaceSource) =>
  source.kind === 'album' ? ['albums'] : source.kind === 'news' ? ['news'] : ['experiences'];

interface ImagesPage {
  images: FaceReviewImage[];
  total: number;
}
export type ReviewImages = InfiniteData<ImagesPage, number>;

/** One page of a source's images (a news item or an experience: its one image). */
export async function getFaceImages(source: FaceSource, page: number): Promise<ImagesPage> {
  try {
    const response = await api.get<FaceReviewImage[]>(`${basePath(source)}/faces`, {
      params: source.kind === 'album' ? { page, limit: FACE_REVIEW_PAGE_SIZE } : {},
    });
    const total = Number(response.headers[FACE_REVIEW_TOTAL_HEADER] ?? response.data.length);
    return { images: response.data, total };
  } catch (error) {
    throw toApiError(error, T.errorLoad);
  }
}

/** The images to review, page by page ('Cargar más fotos'). */
export const useFaceImages = (source: FaceSource) =>
  useInfiniteQuery({
    queryKey: facesQueryKey(source),
    queryFn: ({ pageParam }) => getFaceImages(source, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: ImagesPage, pages: ImagesPage[]) =>
      pages.reduce((n, p) => n + p.images.length, 0) < last.total && last.images.length > 0
        ? pages.length + 1
        : undefined,
  });

/** The children a face of `source` may be assigned to (≈150: all at once, searched here). */
export const useFaceChildren = (source: FaceSource) =>
  useQuery({
    queryKey: faceChildrenQueryKey(source),
    queryFn: () =>
      request(() => api.get<FaceChild[]>(`${basePath(source)}/faces/children`), T.errorChildren),
    staleTime: 5 * 60_000,
  });

/** What is reviewed: its title, and for an album the faces still to review in all of it. */
export interface FaceSourceInfo {
  title: string;
  faces_to_review?: number;
}

/** The album, news item or experience reviewed (asked again after each change). */
export const useFaceSource = (source: FaceSource) =>
  useQuery({
    queryKey: [...sourceQueryKey(source), 'faces-source', source.id],
    queryFn: () => request(() => api.get<FaceSourceInfo>(basePath(source)), CLIENT_ERRORS.unknown),
  });

/** Puts `face` in place of the face of the same id in the cached images. */
function replaceFace(data: ReviewImages | undefined, face: ReviewFace | null, id: number) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      images: page.images.map((image) => ({
        ...image,
        faces: image.faces.flatMap((f) => (f.id === id ? (face ? [face] : []) : [f])),
      })),
    })),
  };
}

/** Adds a drawn `face` to image `kind`/`imageId` in the cached images. */
function addFace(data: ReviewImages | undefined, kind: string, imageId: number, face: ReviewFace) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      images: page.images.map((image) =>
        image.kind === kind && image.id === imageId
          ? { ...image, faces: [...image.faces, face] }
          : image,
      ),
    })),
  };
}

/** Marks, draws and deletes faces of `source`, keeping the cached images in step. */
export function useFaceMutations(source: FaceSource) {
  const queryClient = useQueryClient();
  const key = facesQueryKey(source);
  const settled = () => queryClient.invalidateQueries({ queryKey: sourceQueryKey(source) });
  const review = useMutation({
    mutationFn: ({ id, input }: { id: number; input: FaceReviewInput }) =>
      request(() => api.patch<ReviewFace>(`/faces/${id}`, input), T.errorSave),
    onSuccess: (face) => {
      queryClient.setQueryData<ReviewImages>(key, (data) => replaceFace(data, face, face.id));
      void settled();
    },
  });
  const draw = useMutation({
    mutationFn: (input: NewFaceInput) =>
      request(() => api.post<ReviewFace>('/faces', input), T.errorSave),
    onSuccess: (face, input) => {
      queryClient.setQueryData<ReviewImages>(key, (data) =>
        addFace(data, input.image.kind, input.image.id, face),
      );
      void settled();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      request(() => api.delete<{ message: string }>(`/faces/${id}`), T.errorSave),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<ReviewImages>(key, (data) => replaceFace(data, null, id));
      void settled();
    },
  });
  /** 'Dejar de difuminar': a family's blur request taken off a face (decision 073). */
  const unblur = useMutation({
    mutationFn: (id: number) =>
      request(() => api.delete<ReviewFace>(`/faces/${id}/blur`), T.errorSave),
    onSuccess: (face) => {
      queryClient.setQueryData<ReviewImages>(key, (data) => replaceFace(data, face, face.id));
      void settled();
    },
  });
  return { review, draw, remove, unblur };
}

/**
 * Says image `image` of `source`, which the detector could not search, has been looked at
 * (decision 099): it is no longer blurred whole, and the cached image says so.
 */
export function useMarkSearched(source: FaceSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: Pick<FaceReviewImage, 'kind' | 'id'>) =>
      request(
        () =>
          api.post<{ message: string }>('/faces/searched', {
            image: { kind: image.kind, id: image.id },
          }),
        T.errorSave,
      ),
    onSuccess: (_result, done) => {
      queryClient.setQueryData<ReviewImages>(facesQueryKey(source), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                images: page.images.map((image) =>
                  image.kind === done.kind && image.id === done.id
                    ? { ...image, searched: true }
                    : image,
                ),
              })),
            }
          : data,
      );
    },
  });
}
