import {
  type Capability,
  can,
  commentBodySchema,
  commentSchema,
  commentsQuerySchema,
  idParams,
  LIMITS,
  likeResultSchema,
  messageResponse,
} from '@fogata/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, optionalAuth, requireCapability } from '../../plugins/auth.js';
import { InteractionsService, type InteractionTargetOptions } from './interactions.service.js';

export interface InteractionRoutesOptions extends InteractionTargetOptions {
  /** Path of the content, e.g. '/photos': routes go under `${prefix}/:id/…`. */
  prefix: string;
  /** Who may read the comments (e.g. 'gallery:view'); liking and commenting is 'interact'. */
  readCapability: Capability;
  /** OpenAPI tag. */
  tag: string;
}

const commentParams = idParams.extend({ commentId: idParams.shape.id });

/**
 * Likes and comments of one kind of content, the same six routes for photos, news and
 * experiences: POST/DELETE `…/:id/like`, GET/POST `…/:id/comments`, DELETE
 * `…/:id/comments/:commentId`.
 */
export function registerInteractionRoutes(
  app: FastifyInstance,
  options: InteractionRoutesOptions,
): void {
  const service = new InteractionsService(app.ctx, options);
  // Per account, after the guard has signed the user in (preHandler), shared by every kind of
  // content: one budget of comments and one of likes a minute.
  const perUser = (groupId: string, max: number) => ({
    rateLimit: {
      max,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      groupId,
      keyGenerator: (req: FastifyRequest) => `user:${req.user?.id ?? req.ip}`,
    },
  });
  const likeLimit = perUser('likes', LIMITS.likesPerUserPerMinute);
  const commentLimit = perUser('comments', LIMITS.commentsPerUserPerMinute);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { prefix } = options;
  const tags = [options.tag];
  const interact = requireCapability('interact');
  // Content anyone may read still signs in a user who sends a token (for `can_delete`).
  const read = can(null, options.readCapability)
    ? optionalAuth
    : requireCapability(options.readCapability);

  r.post(
    `${prefix}/:id/like`,
    {
      onRequest: interact,
      config: likeLimit,
      schema: {
        tags,
        description: 'Da me gusta. Si ya lo habías dado: 409.',
        params: idParams,
        response: { 201: likeResultSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.like(currentUser(req), req.params.id)),
  );

  r.delete(
    `${prefix}/:id/like`,
    {
      onRequest: interact,
      config: likeLimit,
      schema: {
        tags,
        description: 'Quita el me gusta. Si no lo habías dado: 404.',
        params: idParams,
        response: { 200: likeResultSchema },
      },
    },
    (req) => service.unlike(currentUser(req), req.params.id),
  );

  r.get(
    `${prefix}/:id/comments`,
    {
      onRequest: read,
      schema: {
        tags,
        description: `Comentarios, los más recientes primero. \`limit\` por defecto ${LIMITS.commentsDefaultLimit}; uno mayor que ${LIMITS.commentsMaxLimit} se rebaja a ${LIMITS.commentsMaxLimit}. \`can_delete\` dice si quien pregunta puede borrarlo.`,
        params: idParams,
        querystring: commentsQuerySchema,
        response: { 200: z.array(commentSchema) },
      },
    },
    (req) => service.comments(req.user, req.params.id, req.query),
  );

  r.post(
    `${prefix}/:id/comments`,
    {
      onRequest: interact,
      config: commentLimit,
      schema: {
        tags,
        params: idParams,
        body: commentBodySchema,
        response: { 201: commentSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await service.addComment(currentUser(req), req.params.id, req.body.comment_text)),
  );

  r.delete(
    `${prefix}/:id/comments/:commentId`,
    {
      onRequest: requireCapability('comment:delete:own'),
      schema: {
        tags,
        description: 'Lo borra su autor, un scouter o un admin.',
        params: commentParams,
        response: { 200: messageResponse },
      },
    },
    (req) => service.deleteComment(currentUser(req), req.params.id, req.params.commentId),
  );
}
