import { LIMITS } from '@fogata/shared';
import { GALLERY_TEXTS as T } from '../texts';

export interface ImageSelection {
  /** The images kept for upload (empty when the selection was refused). */
  files: File[];
  /** What to tell the user about the selection, or null when all is well. */
  message: string | null;
}

/**
 * The upload rules for one selection: something must be chosen, at most 10 files at once,
 * and only images are kept (the rest ignored, with a count).
 */
export function selectImages(list: FileList | readonly File[] | null | undefined): ImageSelection {
  const all = list ? Array.from(list) : [];
  if (all.length === 0) return { files: [], message: T.noneSelected };
  if (all.length > LIMITS.imagesPerUpload) return { files: [], message: T.tooMany };
  const images = all.filter((f) => f.type.startsWith('image/'));
  const ignored = all.length - images.length;
  if (ignored > 0) return { files: images, message: `${T.onlyImages} ${T.ignored(ignored)}` };
  return { files: images, message: null };
}
