import {
  AUDIT_TOTAL_HEADER,
  CHILD_PHOTOS_PAGE_SIZE,
  type ChildConsents,
  type ChildPhoto,
  CLIENT_ERRORS,
  type ConsentResult,
  type GuardianConsentInput,
} from '@fogata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request, toApiError } from '../../../lib/api-client';

/*
 * A guardian's image consent and 'Fotos de mi educando' (decisions 073, 074): one child at a time.
 */

const consentsKey = (childId: number) => ['profile', 'children', childId, 'consents'] as const;
const photosKey = (childId: number) => ['profile', 'children', childId, 'photos'] as const;

/** GET /profile/children/{id}/consents. */
export const useChildConsents = (childId: number) =>
  useQuery({
    queryKey: consentsKey(childId),
    queryFn: () =>
      request(
        () => api.get<ChildConsents>(`/profile/children/${childId}/consents`),
        CLIENT_ERRORS.consentsGet,
      ),
  });

/** PUT /profile/children/{id}/consents: the answer, and the child's consents as they now stand. */
export const useAnswerConsent = (childId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GuardianConsentInput) =>
      request(
        () => api.put<ConsentResult>(`/profile/children/${childId}/consents`, input),
        CLIENT_ERRORS.consentSave,
      ),
    onSuccess: (result) => queryClient.setQueryData(consentsKey(childId), result.consents),
  });
};

/** One page of the photos, and how many there are. */
export interface ChildPhotosPage {
  photos: ChildPhoto[];
  total: number;
}

async function getChildPhotos(childId: number, page: number): Promise<ChildPhotosPage> {
  try {
    const response = await api.get<ChildPhoto[]>(`/profile/children/${childId}/photos`, {
      params: { page, limit: CHILD_PHOTOS_PAGE_SIZE },
    });
    return { photos: response.data, total: Number(response.headers[AUDIT_TOTAL_HEADER] ?? 0) };
  } catch (error) {
    throw toApiError(error, CLIENT_ERRORS.childPhotos);
  }
}

/** GET /profile/children/{id}/photos, a page at a time. */
export const useChildPhotos = (childId: number, page: number) =>
  useQuery({
    queryKey: [...photosKey(childId), page],
    queryFn: () => getChildPhotos(childId, page),
    placeholderData: keepPreviousData,
  });

/** POST …/photos/{photoId}/blur: the photo then reads as done (and its copies are new). */
export const useBlurRequest = (childId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: number) =>
      request(
        () =>
          api.post<{ message: string; blur_requested: true }>(
            `/profile/children/${childId}/photos/${photoId}/blur`,
          ),
        CLIENT_ERRORS.blurRequest,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: photosKey(childId) }),
  });
};

/**
 * DELETE …/photos/{photoId}/blur: 'Dejar de difuminar' (decision 073); the photo then offers
 * 'Difuminar…' again.
 */
export const useBlurWithdraw = (childId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: number) =>
      request(
        () =>
          api.delete<{ message: string; blur_requested: false }>(
            `/profile/children/${childId}/photos/${photoId}/blur`,
          ),
        CLIENT_ERRORS.blurWithdraw,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: photosKey(childId) }),
  });
};
