import { idParams, messageResponse } from '@fogata/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readImageForm, requiredImage, savingImageForm } from '../../media/image-form.js';
import { multipartRoutes } from '../../media/multipart.js';
import { currentUser, optionalAuth, requireCapability } from '../../plugins/auth.js';
import { cachedRead } from '../../plugins/read-cache.js';
import { registerInteractionRoutes } from '../interactions/interactions.routes.js';
import { EXPERIENCES, NEWS, type PostKind, type PostTypes } from './post-kinds.js';
import { PostsService } from './posts.service.js';

/**
 * The kind's text fields from multipart or JSON, plus the `image` file; a 400 sums up the field
 * messages the kind's way and carries them all in `errors`.
 */
function readPostForm<T extends PostTypes>(
  kind: PostKind<T>,
  req: FastifyRequest,
  reply: FastifyReply,
  imageRequired: boolean,
) {
  return readImageForm(req, reply, {
    ...kind.form,
    imageRequired: imageRequired ? kind.imageRequired : null,
  });
}

/** /api/news and /api/experiences: anyone reads; signed-in users like and comment; scouters and admins manage. */
export async function postsRoutes(app: FastifyInstance): Promise<void> {
  await kindRoutes(app, NEWS);
  await kindRoutes(app, EXPERIENCES);
}

async function kindRoutes<T extends PostTypes>(app: FastifyInstance, kind: PostKind<T>) {
  const service = new PostsService(app.ctx, kind);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = requireCapability('content:manage');
  const { path, docs } = kind;
  const tags = [docs.tag];
  // The answers' schemas check and document what is sent; the handlers' types come from the kind.
  const item: z.ZodType = docs.item;
  const summary: z.ZodType = docs.summary;
  const mutationResult = z.object({ message: z.string(), [kind.resultKey]: item });

  r.get(
    path,
    {
      ...cachedRead(true),
      onRequest: optionalAuth,
      schema: {
        tags,
        description: docs.list,
        ...(kind.listQuery && { querystring: kind.listQuery }),
        response: { 200: z.array(summary) },
      },
    },
    (req, reply) => {
      const { limit } = req.query as { limit?: number };
      return app.readCache.send(req, reply, true, () => service.list(req.user, limit));
    },
  );

  r.get(
    `${path}/:id`,
    {
      onRequest: optionalAuth,
      schema: { tags, description: docs.one, params: idParams, response: { 200: item } },
    },
    (req) => service.get(req.user, req.params.id),
  );

  // What reads multipart bodies, in a context of its own (decision 031).
  await multipartRoutes(app, (r) => {
    r.post(
      path,
      {
        onRequest: manage,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description: docs.create,
          response: { 201: mutationResult },
        },
      },
      async (req, reply) => {
        const result = await savingImageForm(readPostForm(kind, req, reply, true), (form, image) =>
          service.create(currentUser(req), form, requiredImage(image, kind.imageRequired)),
        );
        return reply.status(201).send(result);
      },
    );

    r.put(
      `${path}/:id`,
      {
        onRequest: manage,
        schema: {
          tags,
          params: idParams,
          consumes: ['multipart/form-data', 'application/json'],
          description: docs.update,
          response: { 200: mutationResult },
        },
      },
      (req, reply) =>
        savingImageForm(readPostForm(kind, req, reply, false), (form, image) =>
          service.update(currentUser(req), req.params.id, form, image),
        ),
    );
  });

  r.delete(
    `${path}/:id`,
    {
      onRequest: manage,
      schema: {
        tags,
        description: docs.remove,
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    (req) => service.delete(req.params.id),
  );

  registerInteractionRoutes(app, {
    prefix: path,
    targetType: kind.imageKind,
    readCapability: 'content:browse',
    targetExists: (id) => service.exists(id),
    notFoundMessage: kind.messages.notFound,
    tag: docs.tag,
  });
}
