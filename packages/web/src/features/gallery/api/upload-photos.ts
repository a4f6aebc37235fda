import { CLIENT_ERRORS, type UploadResult, uploadResultSchema } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toApiError } from '../../../lib/api-client';
import { albumPhotosQueryKey } from './get-album-photos';
import { albumsQueryKey } from './get-albums';

/**
 * POST /photos/upload, multipart: albumId + images (repeated) + captions (a JSON array, one
 * caption or null per image, sent only when one is written). The answer is an upload result
 * whether a photo landed (201) or none did (400), so every per-file reason can be shown; any
 * other answer is an error.
 */
/** A 400's body when it is the result of an upload where no file landed; else undefined. */
function noneUploaded(data: unknown): UploadResult | undefined {
  const parsed = uploadResultSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

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
      resultOf: noneUploaded,
    });
    return response.data;
  } catch (error) {
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
