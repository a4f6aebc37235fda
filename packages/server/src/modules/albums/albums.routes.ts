import {
  albumFormSchema,
  albumMutationResultSchema,
  albumSchema,
  idParams,
  LIMITS,
  MSG,
  messageResponse,
  SERVER_ERRORS,
} from '@fogata/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type FieldError } from '../../lib/app-error.js';
import { readUpload, type Upload, uploadsTmpRoot } from '../../lib/media-upload.js';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { type AlbumForm, AlbumsService } from './albums.service.js';

interface AlbumRequest {
  form: AlbumForm;
  upload: Upload | null;
}

/**
 * Reads title, description and the `cover` file from multipart (what the web app sends), or
 * title and description from JSON (an edit without a new cover). Validates with the shared
 * schema; `coverRequired` adds the spec's message on `cover` when no file came.
 */
async function readAlbumRequest(
  req: FastifyRequest,
  reply: FastifyReply,
  coverRequired: boolean,
): Promise<AlbumRequest> {
  let raw: Record<string, unknown> = {};
  let upload: Upload | null = null;
  if (req.isMultipart()) {
    upload = await readUpload(req, reply, {
      tmpRoot: uploadsTmpRoot(req.server.ctx.config.dataDir),
      fileFields: ['cover'],
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
  const parsed = albumFormSchema.safeParse({ title: raw.title, description: raw.description });
  const errors: FieldError[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  if (coverRequired && !upload?.files.length) {
    errors.push({ field: 'cover', message: MSG.albumCoverRequired });
  }
  if (!parsed.success || errors.length > 0) {
    await upload?.cleanup();
    throw new AppError(400, errors[0]?.message ?? SERVER_ERRORS.validation, errors);
  }
  return { form: parsed.data, upload };
}

/** /api/albums: anyone signed in reads; scouters and admins create, edit and delete. */
export async function albumsRoutes(app: FastifyInstance): Promise<void> {
  const service = new AlbumsService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = requireCapability('gallery:view');
  const manage = requireCapability('content:manage');
  const tags = ['álbumes'];

  r.get(
    '/albums',
    {
      onRequest: view,
      schema: {
        tags,
        description:
          'Todos los álbumes, los más recientes primero. `cover` y `cover_thumb` son URLs firmadas que caducan (12–24 h); los contadores suman los de sus fotos.',
        response: { 200: z.array(albumSchema) },
      },
    },
    () => service.list(),
  );

  r.get(
    '/albums/:id',
    { onRequest: view, schema: { tags, params: idParams, response: { 200: albumSchema } } },
    (req) => service.get(req.params.id),
  );

  r.post(
    '/albums/newAlbum',
    {
      onRequest: manage,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'multipart: `title` (1–100), `description` (opcional, ≤ 1000) y `cover` (imagen obligatoria: jpg, png, gif o webp, ≤ 25 MB).',
        response: { 201: albumMutationResultSchema },
      },
    },
    async (req, reply) => {
      const { form, upload } = await readAlbumRequest(req, reply, true);
      // The temp file goes before the answer does: once answered, nothing is left on disk.
      let result: Awaited<ReturnType<typeof service.create>>;
      try {
        const cover = upload?.files[0];
        if (!cover) throw new AppError(400, MSG.albumCoverRequired);
        result = await service.create(currentUser(req), form, cover);
      } finally {
        await upload?.cleanup();
      }
      return reply.status(201).send(result);
    },
  );

  r.put(
    '/albums/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        params: idParams,
        consumes: ['multipart/form-data', 'application/json'],
        description:
          'multipart: `title`, `description` (sin el campo: no cambia; vacío: se borra) y `cover` (opcional: reemplaza la portada y borra la anterior). También JSON sin portada.',
        response: { 200: albumMutationResultSchema },
      },
    },
    async (req, reply) => {
      const { form, upload } = await readAlbumRequest(req, reply, false);
      try {
        // Awaited here, so the finally runs before the answer is sent.
        return await service.update(req.params.id, form, upload?.files[0]);
      } finally {
        await upload?.cleanup();
      }
    },
  );

  r.delete(
    '/albums/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'Borra el álbum con sus fotos, sus archivos, sus me gusta y sus comentarios.',
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    (req) => service.delete(req.params.id),
  );
}
