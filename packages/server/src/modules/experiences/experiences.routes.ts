import {
  EXPERIENCE_CATEGORIES,
  experienceFormSchema,
  experienceMutationResultSchema,
  experienceSchema,
  idParams,
  MSG,
  messageResponse,
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
import { ExperiencesService } from './experiences.service.js';

/**
 * Title, description and category from multipart or JSON, plus the `image` file. A 400 answers
 * with the first field's message (like albums), the field messages in `errors`; a missing image
 * on create is 'La imagen de la experiencia es obligatoria.'.
 */
function readExperienceForm(req: FastifyRequest, reply: FastifyReply, imageRequired: boolean) {
  return readImageForm(req, reply, {
    schema: experienceFormSchema,
    fields: ['title', 'description', 'category'],
    imageRequired: imageRequired ? MSG.experienceImageRequired : null,
    summarize: (errors) => errors[0]?.message ?? SERVER_ERRORS.validation,
  });
}

const categories = EXPERIENCE_CATEGORIES.join(', ');

/**
 * /api/experiences: anyone reads; signed-in users like and comment; scouters and admins manage
 * (decision 007: the detail page offers editing to admins only, the list to both).
 */
export async function experiencesRoutes(app: FastifyInstance): Promise<void> {
  const service = new ExperiencesService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = requireCapability('content:manage');
  const tag = 'experiencias';
  const tags = [tag];

  r.get(
    '/experiences',
    {
      ...cachedRead(true),
      onRequest: optionalAuth,
      schema: {
        tags,
        description:
          'Todas las experiencias, las más recientes primero (el filtro por categoría lo hace la web). Pública: `user_has_liked` es de quien pregunta (false sin sesión). `image` (≤ 1920 px) e `image_thumb` (~480 px, WebP) son URLs públicas que no cambian, con caché de un año.',
        response: { 200: z.array(experienceSchema) },
      },
    },
    (req, reply) => app.readCache.send(req, reply, true, () => service.list(req.user)),
  );

  r.get(
    '/experiences/:id',
    {
      onRequest: optionalAuth,
      schema: {
        tags,
        description: 'Una experiencia (pública).',
        params: idParams,
        response: { 200: experienceSchema },
      },
    },
    (req) => service.get(req.user, req.params.id),
  );

  // What reads multipart bodies, in a context of its own (decision 031).
  await multipartRoutes(app, (r) => {
    r.post(
      '/experiences',
      {
        onRequest: manage,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description: `multipart: \`title\` (1–150), \`description\` (1–10000), \`category\` (${categories}) e \`image\` (obligatoria: jpg, png, gif o webp, ≤ 25 MB).`,
          response: { 201: experienceMutationResultSchema },
        },
      },
      async (req, reply) => {
        const result = await savingImageForm(readExperienceForm(req, reply, true), (form, image) =>
          service.create(currentUser(req), form, requiredImage(image, MSG.experienceImageRequired)),
        );
        return reply.status(201).send(result);
      },
    );

    r.put(
      '/experiences/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          params: idParams,
          consumes: ['multipart/form-data', 'application/json'],
          description: `multipart: \`title\`, \`description\`, \`category\` (${categories}), obligatorios, e \`image\` (opcional: reemplaza la imagen y borra la anterior; sin ella, se conserva). También JSON sin imagen.`,
          response: { 200: experienceMutationResultSchema },
        },
      },
      (req, reply) =>
        savingImageForm(readExperienceForm(req, reply, false), (form, image) =>
          service.update(currentUser(req), req.params.id, form, image),
        ),
    );
  });

  r.delete(
    '/experiences/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'Borra la experiencia, su imagen, sus me gusta y sus comentarios.',
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    (req) => service.delete(req.params.id),
  );

  registerInteractionRoutes(app, {
    prefix: '/experiences',
    targetType: 'experience',
    readCapability: 'content:browse',
    targetExists: (id) => service.exists(id),
    notFoundMessage: SERVER_ERRORS.experienceNotFound,
    tag,
  });
}
