import { LIMITS, MSG, SERVER_ERRORS } from '@fogata/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, type FieldError } from '../lib/app-error.js';
import { uploadsTmpRoot } from './temp-uploads.js';
import { readUpload, type Upload, type UploadedFile } from './upload.js';

/** The multipart field of the image of a news item, an experience or a monitor (the API's name). */
export const IMAGE_FIELD = 'image';

/** A form with text fields and at most one image, read from multipart or JSON. */
export interface ImageForm<T> {
  form: T;
  /** The image file, when one came. */
  image: UploadedFile | undefined;
  /** Removes the temp file; call it before answering. */
  cleanup(): Promise<void>;
}

export interface ImageFormOptions<T> {
  /** The shared zod schema of the text fields. */
  schema: z.ZodType<T>;
  /** The text fields read from the body. */
  fields: readonly string[];
  /** The multipart field of the file: `image` unless said (an album's is `cover`). */
  fileField?: string;
  /** The message for a missing image (create), or null when the image is optional (update). */
  imageRequired: string | null;
  /**
   * The `message` of a 400, from the field errors (the image's last); `textMissing` says whether
   * a text field is missing, blank or not an allowed value (rather than too long).
   */
  summarize(errors: FieldError[], textMissing: boolean): string;
}

/**
 * Reads the text fields and the `image` file from multipart (what the web app sends), or the text
 * fields from JSON (an edit without a new image), and validates them with the shared schema.
 * Every problem is a 400 with the per-field messages in `errors`; the temp file is removed then.
 */
export async function readImageForm<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  options: ImageFormOptions<T>,
): Promise<ImageForm<T>> {
  const fileField = options.fileField ?? IMAGE_FIELD;
  let raw: Record<string, unknown> = {};
  let upload: Upload | null = null;
  if (req.isMultipart()) {
    upload = await readUpload(req, reply, {
      tmpRoot: uploadsTmpRoot(req.server.ctx.config.dataDir),
      fileFields: [fileField],
      maxFiles: 1,
      maxFileBytes: LIMITS.imageMaxBytes,
      maxTotalBytes: LIMITS.imageMaxBytes,
      tooManyFiles: new AppError(400, SERVER_ERRORS.tooManyFiles),
      tooLarge: new AppError(413, MSG.imageTooLarge),
    });
    raw = upload.fields;
  } else if (req.body && typeof req.body === 'object') {
    raw = req.body as Record<string, unknown>;
  }
  // A JSON null reads as absent, as a multipart form without the field does.
  const input = Object.fromEntries(options.fields.map((field) => [field, raw[field] ?? undefined]));
  const parsed = options.schema.safeParse(input);
  const issues = parsed.success ? [] : parsed.error.issues;
  const errors: FieldError[] = issues.map((i) => ({
    field: i.path.join('.'),
    message: i.message,
  }));
  // Anything but "too long" or a forbidden character means the field is absent, blank or not one
  // of the allowed values.
  const textMissing = issues.some(
    (i) => i.code !== 'too_big' && i.message !== MSG.textInvalidCharacters,
  );
  const image = upload?.files[0];
  if (options.imageRequired && !image) {
    errors.push({ field: fileField, message: options.imageRequired });
  }
  if (!parsed.success || errors.length > 0) {
    await upload?.cleanup();
    throw new AppError(400, options.summarize(errors, textMissing), errors);
  }
  return {
    form: parsed.data as T,
    image,
    cleanup: async () => {
      await upload?.cleanup();
    },
  };
}

/**
 * Reads the form with `read`, runs `save` with it, and removes the temp file before the answer
 * goes, whatever `save` did: once answered, nothing is left on disk.
 */
export async function savingImageForm<T, R>(
  read: Promise<ImageForm<T>>,
  save: (form: T, image: UploadedFile | undefined) => Promise<R>,
): Promise<R> {
  const { form, image, cleanup } = await read;
  try {
    return await save(form, image);
  } finally {
    await cleanup();
  }
}

/** The image of a create, which readImageForm already refused to go without. */
export function requiredImage(image: UploadedFile | undefined, message: string): UploadedFile {
  if (!image) throw new AppError(400, message);
  return image;
}
