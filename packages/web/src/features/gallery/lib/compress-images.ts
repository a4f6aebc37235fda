import { LIMITS } from '@fogata/shared';
// The library's worker loads this file with importScripts: served by us, never by a CDN.
import libraryUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import { GALLERY_TEXTS as T } from '../texts';

export interface CompressionResult {
  files: File[];
  /** One 'Error al comprimir {file}. Se usará el original.' per file sent as it was. */
  warnings: string[];
}

// GIFs would lose their animation on a canvas; they go as they are.
const keepAsIs = (file: File) => file.type === 'image/gif';

/**
 * Shrinks each image in a web worker to at most 1.5 MB and 1920 px on its longer side (the
 * product's upload limits).
 * `onProgress` gets the overall percent (0–100). A file that fails is sent as it was.
 */
export async function compressImages(
  files: readonly File[],
  onProgress: (percent: number) => void,
): Promise<CompressionResult> {
  // Loaded on demand: only managers who upload need the library, not every album visitor.
  const { default: imageCompression } = await import('browser-image-compression');
  const libURL = new URL(libraryUrl, window.location.href).href;
  const progress = files.map(() => 0);
  const report = () =>
    onProgress(Math.round(progress.reduce((a, b) => a + b, 0) / Math.max(files.length, 1)));
  const warnings: string[] = [];
  const out: File[] = [];
  report();
  for (const [i, file] of files.entries()) {
    if (keepAsIs(file)) {
      out.push(file);
    } else {
      try {
        const blob = await imageCompression(file, {
          maxSizeMB: LIMITS.compressionMaxMB,
          maxWidthOrHeight: LIMITS.compressionMaxPx,
          useWebWorker: true,
          libURL,
          onProgress: (p) => {
            progress[i] = p;
            report();
          },
        });
        out.push(new File([blob], file.name, { type: blob.type || file.type }));
      } catch (error) {
        console.warn(`No se pudo comprimir ${file.name}:`, error);
        warnings.push(T.compressFailed(file.name));
        out.push(file);
      }
    }
    progress[i] = 100;
    report();
  }
  return { files: out, warnings };
}
