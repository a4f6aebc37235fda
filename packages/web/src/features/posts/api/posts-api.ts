import { CLIENT_ERRORS } from '@fogata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { createInteractionsApi } from '../../../lib/interactions-api';
import { pageData } from '../../../lib/page-data';
import type { PostBase, PostKind } from '../kinds';

/**
 * Every query of a kind lives under its key (['news'], ['experiences']), so a change refreshes
 * the list, the details and, for news, the landing's highlights.
 */
export const postsQueryKey = (kind: PostKind) => [kind.name] as const;
export const postListQueryKey = (kind: PostKind) => [kind.name, 'list'] as const;
export const postQueryKey = (kind: Pick<PostKind, 'name'>, id: number) =>
  [kind.name, 'item', id] as const;

/** GET the list: newest first (news without their full text; a filter is on the client). */
export const usePostList = <S extends PostBase>(kind: PostKind<S>) =>
  useQuery({
    queryKey: postListQueryKey(kind as PostKind),
    queryFn: () => request(() => api.get<S[]>(kind.path), kind.errors.list),
    initialData: () => pageData<S[]>(kind.path),
  });

/** GET one post; a 404 carries the kind's 'no encontrada'. */
export const usePost = <S extends PostBase, I extends S>(kind: PostKind<S, I>, id: number) =>
  useQuery({
    queryKey: postQueryKey(kind as PostKind, id),
    queryFn: () => request(() => api.get<I>(`${kind.path}/${id}`), kind.errors.get(id)),
    initialData: () => pageData<I>(`${kind.path}/${id}`),
  });

/** The form's fields, the `image` file last, as multipart. */
function formData(values: object, image: File | null | undefined): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(values)) form.append(field, String(value));
  if (image) form.append('image', image);
  return form;
}

/** What create and update answer: the message (the post itself is read again by its queries). */
type Saved = { message: string };

/** POST (a new post, its image required) or PUT (`id`, the image only when replaced). */
export const useSavePost = (kind: PostKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, image, ...values }: { id?: number; image: File | null } & object) =>
      id === undefined
        ? request(() => api.post<Saved>(kind.path, formData(values, image)), kind.errors.create)
        : request(
            () => api.put<Saved>(`${kind.path}/${id}`, formData(values, image)),
            kind.errors.update(id),
          ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey(kind) }),
  });
};

/** DELETE: the post, its likes, comments and image files. */
export const useDeletePost = (kind: PostKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request(() => api.delete<Saved>(`${kind.path}/${id}`), kind.errors.remove(id)),
    // The list reloads now; the rest (the deleted post's page, the landing) when next shown, so
    // the page being left does not ask for a post that no longer exists.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: postListQueryKey(kind) }),
        queryClient.invalidateQueries({ queryKey: postsQueryKey(kind), refetchType: 'none' }),
      ]),
  });
};

/** Likes and comments of post `id`, with the kind's messages. */
export const postInteractions = (kind: PostKind, id: number) =>
  createInteractionsApi(kind.path, id, {
    like: kind.errors.like(id),
    unlike: kind.errors.unlike(id),
    commentsGet: CLIENT_ERRORS.commentsGet(kind.errors.target(id)),
    commentAdd: CLIENT_ERRORS.commentAdd(kind.errors.target(id)),
    commentDelete: (commentId) => CLIENT_ERRORS.commentDelete(commentId),
  });
