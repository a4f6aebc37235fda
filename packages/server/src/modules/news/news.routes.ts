import {
  idParams,
  MSG,
  messageResponse,
  newsFormSchema,
  newsListQuerySchema,
  newsMutationResultSchema,
  newsSchema,
  newsSummarySchema,
  SERVER_ERRORS,
} from '@fogata/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readImageForm, requiredImage, savingImageForm } from '../../media/image-form.js';
import { multipartRoutes } from '../../media/multipart.js';
import { currentUser, optionalAuth, requireCapability } from '../../plugins/auth.js';
import { cachedRead } from '../../plugins/read-cache.js';
import { registerInteractionRoutes } from '../interactions/interactions.routes.js';
import { NewsService } from './news.service.js';

/**
 * Title, summary and content from multipart or JSON, plus the `image` file. A missing text answers
 * 'Error: Faltan datos obligatorios.' (SPEC §5), a missing image on create 'Error: La imagen es
 * obligatoria.', a text too long its own message; the field messages always go in `errors`.
 */
function readNewsForm(req: FastifyRequest, reply: FastifyReply, imageRequired: boolean) {
  return readImageForm(req, reply, {
    schema: newsFormSchema,
    fields: ['title', 'description', 'content'],
    imageRequired: imageRequired ? MSG.imageRequired : null,
    summarize: (errors, textMissing) =>
      textMissing ? MSG.missingRequiredData : (errors[0]?.message ?? SERVER_ERRORS.validation),
  });
}

/** /api/news: anyone reads; signed-in users like and comment; scouters and admins manage. */
export async function newsRoutes(app: FastifyInstance): Promise<void> {
  const service = new NewsService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = requireCapability('content:manage');
  const tag = 'noticias';
  const tags = [tag];

  r.get(
    '/news',
    {
      ...cachedRead(true),
      onRequest: optionalAuth,
      schema: {
        tags,
        description:
          'Todas las noticias, las más recientes primero, sin el texto completo (`content` está en GET /news/{id}); `limit` (1–100) da solo las primeras (la portada pide 3). Pública: `user_has_liked` es de quien pregunta (false sin sesión). `image_url` (≤ 1920 px) y `thumb_url` (~480 px, WebP) son URLs públicas que no cambian, con caché de un año.',
        querystring: newsListQuerySchema,
        response: { 200: z.array(newsSummarySchema) },
      },
    },
    (req, reply) =>
      app.readCache.send(req, reply, true, () => service.list(req.user, req.query.limit)),
  );

  r.get(
    '/news/:id',
    {
      onRequest: optionalAuth,
      schema: {
        tags,
        description: 'Una noticia (pública).',
        params: idParams,
        response: { 200: newsSchema },
      },
    },
    (req) => service.get(req.user, req.params.id),
  );

  // What reads multipart bodies, in a context of its own (decision 031).
  await multipartRoutes(app, (r) => {
    r.post(
      '/news',
      {
        onRequest: manage,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description:
            'multipart: `title` (1–150), `description` (resumen, 1–300), `content` (1–20000) e `image` (obligatoria: jpg, png, gif o webp, ≤ 25 MB). Si falta un texto: 400 «Error: Faltan datos obligatorios.» con los mensajes por campo en `errors`.',
          response: { 201: newsMutationResultSchema },
        },
      },
      async (req, reply) => {
        const result = await savingImageForm(readNewsForm(req, reply, true), (form, image) =>
          service.create(currentUser(req), form, requiredImage(image, MSG.imageRequired)),
        );
        return reply.status(201).send(result);
      },
    );

    r.put(
      '/news/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          params: idParams,
          consumes: ['multipart/form-data', 'application/json'],
          description:
            'multipart: `title`, `description`, `content` (obligatorios) e `image` (opcional: reemplaza la imagen y borra la anterior; sin ella, se conserva). También JSON sin imagen.',
          response: { 200: newsMutationResultSchema },
        },
      },
      (req, reply) =>
        savingImageForm(readNewsForm(req, reply, false), (form, image) =>
          service.update(currentUser(req), req.params.id, form, image),
        ),
    );
  });

  r.delete(
    '/news/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'Borra la noticia, su imagen, sus me gusta y sus comentarios.',
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    (req) => service.delete(req.params.id),
  );

  registerInteractionRoutes(app, {
    prefix: '/news',
    targetType: 'news',
    readCapability: 'content:browse',
    targetExists: (id) => service.exists(id),
    notFoundMessage: SERVER_ERRORS.newsNotFound,
    tag,
  });
}
