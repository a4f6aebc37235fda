import {
  can,
  idParams,
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
import { readImageForm, requiredImage, savingImageForm } from '../../media/image-form.js';
import { multipartRoutes } from '../../media/multipart.js';
import { optionalAuth, requireCapability } from '../../plugins/auth.js';
import { cachedRead } from '../../plugins/read-cache.js';
import { MonitorsService } from './monitors.service.js';

/**
 * Name, role and description from multipart (what the web app sends) or JSON (an edit without a
 * new photo), plus the `image` file; `description` absent (or null) is left unchanged on an edit.
 * A problem answers with the first field's message; the field messages all go in `errors`.
 */
function readMonitorForm(req: FastifyRequest, reply: FastifyReply, imageRequired: boolean) {
  return readImageForm(req, reply, {
    schema: monitorFormSchema,
    fields: ['name', 'role_description', 'description'],
    imageRequired: imageRequired ? MSG.imageRequired : null,
    summarize: (errors) => errors[0]?.message ?? SERVER_ERRORS.validation,
  });
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
      ...cachedRead(false),
      onRequest: read,
      schema: {
        tags,
        description:
          'El equipo de scouters de la página «¿Quiénes somos?», los más recientes primero. Las fotos son URLs públicas.',
        response: { 200: z.array(monitorSchema) },
      },
    },
    // The same list for everyone: one cached answer.
    (req, reply) => app.readCache.send(req, reply, false, () => service.list()),
  );

  // What reads multipart bodies, in a context of its own (decision 031).
  await multipartRoutes(app, (r) => {
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
        const result = await savingImageForm(readMonitorForm(req, reply, true), (form, image) =>
          service.create(form, requiredImage(image, MSG.imageRequired)),
        );
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
      (req, reply) =>
        savingImageForm(readMonitorForm(req, reply, false), (form, image) =>
          service.update(req.params.id, form, image),
        ),
    );
  });

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
