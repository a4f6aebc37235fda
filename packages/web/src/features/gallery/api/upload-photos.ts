import { CLIENT_ERRORS, type UploadResult, uploadResultSchema } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toApiError } from '../../../lib/api-client';
import { albumPhotosQueryKey } from './get-album-photos';
import { albumsQueryKey } from './get-albums';

/**
 * POST /photos/upload, multipart: albumId + images (repeated) + captions (a JSON array, one
 * caption or null per image, sent only when one is written). A 400 that still carries the
 * upload result (no file landed) resolves with it, so every per-file reason can be shown.
 */
export async function uploadPhotos({
  albumId,
  files,
  captions = [],
  onProgress,
}: {
  albumId: number;
  files: File[];
  /** By the index of `files`; blank ones are none. */
  captions?: string[];
  /** Percent of the request body sent so far. */
  onProgress?: (percent: number) => void;
}): Promise<UploadResult> {
  const form = new FormData();
  form.append('albumId', String(albumId));
  const written = files.map((_, i) => captions[i]?.trim() || null);
  if (written.some(Boolean)) form.append('captions', JSON.stringify(written));
  for (const file of files) form.append('images', file, file.name);
  try {
    const response = await api.post<UploadResult>('/photos/upload', form, {
      onUploadProgress: (e) => {
        if (onProgress && e.total) onProgress(Math.round((e.loaded * 100) / e.total));
      },
    });
    return response.data;
  } catch (error) {
    const data = (error as { response?: { data?: unknown } }).response?.data;
    const parsed = uploadResultSchema.safeParse(data);
    if (parsed.success) return parsed.data;
    throw toApiError(error, CLIENT_ERRORS.photosUpload);
  }
}

export const useUploadPhotos = (albumId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      files,
      captions,
      onProgress,
    }: {
      files: File[];
      captions?: string[];
      onProgress?: (p: number) => void;
    }) => uploadPhotos({ albumId, files, captions, onProgress }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: albumPhotosQueryKey(albumId) }),
        queryClient.invalidateQueries({ queryKey: albumsQueryKey }),
      ]),
  });
};
