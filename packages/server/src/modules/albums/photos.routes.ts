import {
  idParams,
  LIMITS,
  MSG,
  messageResponse,
  photoCaptionBodySchema,
  photoSchema,
  photosPageQuerySchema,
  SERVER_ERRORS,
  SERVER_SUCCESS,
  type UploadResult,
  uploadPhotosFieldsSchema,
  uploadResultSchema,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { multipartRoutes } from '../../media/multipart.js';
import { uploadsTmpRoot } from '../../media/temp-uploads.js';
import { readUpload } from '../../media/upload.js';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { cachedRead } from '../../plugins/read-cache.js';
import { registerInteractionRoutes } from '../interactions/interactions.routes.js';
import { PhotosService } from './photos.service.js';

const albumParams = z.object({ albumId: idParams.shape.id });

/** `{ message, errors? }`: what every other 400 of the upload looks like. */
const errorResponse = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/**
 * The upload's text fields through the shared schema, then at least one image: the first problem
 * is a 400 on its field.
 */
function uploadFields(fields: Record<string, string>, fileCount: number) {
  const parsed = uploadPhotosFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'albumId');
    const message = issue?.message ?? SERVER_ERRORS.validation;
    throw new AppError(400, message, [{ field, message }]);
  }
  if (fileCount === 0) {
    throw new AppError(400, MSG.imagesRequired, [{ field: 'images', message: MSG.imagesRequired }]);
  }
  return parsed.data;
}

/** The upload's answer: 201 when a photo landed, 400 with the same shape when none did. */
function uploadAnswer({ uploaded, failures }: Pick<UploadResult, 'uploaded' | 'failures'>): {
  status: 201 | 400;
  body: UploadResult;
} {
  if (uploaded.length === 0) {
    return { status: 400, body: { message: SERVER_ERRORS.uploadAllFailed, uploaded, failures } };
  }
  const message =
    failures.length === 0
      ? SERVER_SUCCESS.photosUploaded(uploaded.length)
      : SERVER_SUCCESS.photosPartlyUploaded(uploaded.length, failures.length);
  return { status: 201, body: { message, uploaded, failures } };
}

/** /api/photos: members read, like and comment; scouters and admins upload and delete. */
export async function photosRoutes(app: FastifyInstance): Promise<void> {
  const service = new PhotosService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = requireCapability('gallery:view');
  const manage = requireCapability('content:manage');
  const tag = 'fotos';
  const tags = [tag];
  // Temp files a crash left behind are swept at start-up (MediaSweeper).
  const tmpRoot = uploadsTmpRoot(app.ctx.config.dataDir);

  r.get(
    '/photos/album/:albumId',
    {
      ...cachedRead(true),
      onRequest: view,
      schema: {
        tags,
        description:
          'Las fotos del álbum, las más recientes primero (404 si el álbum no existe). Sin `page` ni `limit`, todas; con alguno de ellos, una página (`page` ≥ 1, por defecto 1; `limit` 1–100, por defecto 48), también como lista: la última trae menos de `limit`. `image_url` (≤ 1920 px) y `thumb_url` (~480 px, WebP) son URLs firmadas que caducan (12–24 h) y se repiten durante horas, así que el navegador las guarda en caché.',
        params: albumParams,
        querystring: photosPageQuerySchema,
        response: { 200: z.array(photoSchema) },
      },
    },
    (req, reply) =>
      app.readCache.send(req, reply, true, () =>
        service.listByAlbum(currentUser(req), req.params.albumId, req.query),
      ),
  );

  r.get(
    '/photos/:id',
    { onRequest: view, schema: { tags, params: idParams, response: { 200: photoSchema } } },
    (req) => service.get(currentUser(req), req.params.id),
  );

  // What reads multipart bodies, in a context of its own (decision 031).
  await multipartRoutes(app, (r) => {
    r.post(
      '/photos/upload',
      {
        onRequest: manage,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description: `multipart: \`albumId\` y \`images\` (repetido: de 1 a ${LIMITS.imagesPerUpload} archivos, ≤ 25 MB cada uno, ≤ 250 MB en total; jpg, png, gif o webp según su contenido), en cualquier orden; opcional \`captions\`: un array JSON con el pie de foto de cada archivo (texto ≤ ${LIMITS.photoCaptionMax} o null) en el orden de las partes \`images\` (si tiene menos elementos que archivos, el resto queda sin pie; un \`captions\` inválido es un 400 antes de guardar nada). 201 si al menos una foto se subió; las que no, en \`failures\`. 400 con la misma forma si no se subió ninguna; 413 si el total supera 250 MB.`,
          response: { 201: uploadResultSchema, 400: z.union([uploadResultSchema, errorResponse]) },
        },
      },
      async (req, reply) => {
        const upload = await readUpload(req, reply, {
          tmpRoot,
          fileFields: ['images'],
          maxFiles: LIMITS.imagesPerUpload,
          maxFileBytes: LIMITS.imageMaxBytes,
          maxTotalBytes: LIMITS.batchMaxBytes,
          tooManyFiles: new AppError(400, MSG.imagesTooMany, [
            { field: 'images', message: MSG.imagesTooMany },
          ]),
          tooLarge: new AppError(413, SERVER_ERRORS.uploadTooLarge),
        });
        // The temp files go before the answer does: once answered, nothing is left on disk.
        let outcome: Awaited<ReturnType<typeof service.upload>>;
        try {
          const { albumId, captions } = uploadFields(upload.fields, upload.files.length);
          outcome = await service.upload(currentUser(req), {
            albumId,
            captions,
            files: upload.files,
          });
        } finally {
          await upload.cleanup();
        }
        const answer = uploadAnswer(outcome);
        return reply.status(answer.status).send(answer.body);
      },
    );
  });

  r.put(
    '/photos/:id',
    {
      onRequest: requireCapability('photo:caption'),
      schema: {
        tags,
        description: `JSON \`{ description }\`: el pie de foto (≤ ${LIMITS.photoCaptionMax}; vacío o null lo quita). Devuelve la foto.`,
        params: idParams,
        body: photoCaptionBodySchema,
        response: { 200: photoSchema },
      },
    },
    (req) => service.setCaption(currentUser(req), req.params.id, req.body.description),
  );

  r.delete(
    '/photos/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'Borra la foto, sus archivos, sus me gusta y sus comentarios.',
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    (req) => service.delete(currentUser(req), req.params.id),
  );

  registerInteractionRoutes(app, {
    prefix: '/photos',
    targetType: 'photo',
    readCapability: 'gallery:view',
    targetExists: (id, viewer) => service.exists(id, viewer),
    notFoundMessage: SERVER_ERRORS.photoNotFound,
    tag,
  });
}
