import {
  can,
  idParams,
  LIMITS,
  MSG,
  messageResponse,
  monitorFormSchema,
  monitorMutationResultSchema,
  monitorSchema,
  SERVER_ERRORS,
} from '@fogata/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type FieldError } from '../../lib/app-error.js';
import { readUpload, type Upload, uploadsTmpRoot } from '../../lib/media-upload.js';
import { optionalAuth, requireCapability } from '../../plugins/auth.js';
import { type MonitorForm, MonitorsService } from './monitors.service.js';

interface MonitorRequest {
  form: MonitorForm;
  upload: Upload | null;
}

/**
 * Reads name, role_description, description and the `image` file from multipart (what the web
 * app sends), or the texts from JSON (an edit without a new photo). Validates with the shared
 * schema; `imageRequired` adds the spec's message on `image` when no file came.
 */
async function readMonitorRequest(
  req: FastifyRequest,
  reply: FastifyReply,
  imageRequired: boolean,
): Promise<MonitorRequest> {
  let raw: Record<string, unknown> = {};
  let upload: Upload | null = null;
  if (req.isMultipart()) {
    upload = await readUpload(req, reply, {
      tmpRoot: uploadsTmpRoot(req.server.ctx.config.dataDir),
      fileFields: ['image'],
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
  const parsed = monitorFormSchema.safeParse({
    name: raw.name,
    role_description: raw.role_description,
    description: raw.description ?? undefined,
  });
  const errors: FieldError[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  if (imageRequired && !upload?.files.length) {
    errors.push({ field: 'image', message: MSG.imageRequired });
  }
  if (!parsed.success || errors.length > 0) {
    await upload?.cleanup();
    throw new AppError(400, errors[0]?.message ?? SERVER_ERRORS.validation, errors);
  }
  return { form: parsed.data, upload };
}

/** /api/monitors: everyone reads the team; only admins add, edit and delete its members. */
export async function monitorsRoutes(app: FastifyInstance): Promise<void> {
  const service = new MonitorsService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = can(null, 'content:browse') ? optionalAuth : requireCapability('content:browse');
  const manage = requireCapability('monitor:manage');
  const tags = ['monitores'];

  r.get(
    '/monitors',
    {
      onRequest: read,
      schema: {
        tags,
        description:
          'El equipo de scouters de la página «¿Quiénes somos?», los más recientes primero. Las fotos son URLs públicas.',
        response: { 200: z.array(monitorSchema) },
      },
    },
    () => service.list(),
  );

  r.post(
    '/monitors',
    {
      onRequest: manage,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'multipart: `name` (1–100), `role_description` (1–150), `description` (opcional, ≤ 2000) e `image` (foto obligatoria: jpg, png, gif o webp, ≤ 25 MB).',
        response: { 201: monitorMutationResultSchema },
      },
    },
    async (req, reply) => {
      const { form, upload } = await readMonitorRequest(req, reply, true);
      // The temp file goes before the answer does: once answered, nothing is left on disk.
      let result: Awaited<ReturnType<typeof service.create>>;
      try {
        const image = upload?.files[0];
        if (!image) throw new AppError(400, MSG.imageRequired);
        result = await service.create(form, image);
      } finally {
        await upload?.cleanup();
      }
      return reply.status(201).send(result);
    },
  );

  r.put(
    '/monitors/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        params: idParams,
        consumes: ['multipart/form-data', 'application/json'],
        description:
          'multipart: `name`, `role_description`, `description` (sin el campo: no cambia; vacío: se borra) e `image` (solo si se reemplaza: la foto anterior se borra). También JSON sin foto.',
        response: { 200: monitorMutationResultSchema },
      },
    },
    async (req, reply) => {
      const { form, upload } = await readMonitorRequest(req, reply, false);
      try {
        // Awaited here, so the finally runs before the answer is sent.
        return await service.update(req.params.id, form, upload?.files[0]);
      } finally {
        await upload?.cleanup();
      }
    },
  );

  r.delete(
    '/monitors/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'Borra el monitor y los archivos de su foto.',
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    (req) => service.delete(req.params.id),
  );
}
