import {
  idParams,
  myRemovalRequestSchema,
  removalRequestBodySchema,
  removalRequestResultSchema,
  removalRequestSchema,
  removalResolveBodySchema,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { RemovalRequestsService } from './removal-requests.service.js';

/**
 * Removal requests (decision 018): a member asks for a photo to be hidden, and it is at once;
 * scouters and admins resolve the request.
 */
export async function removalRequestsRoutes(app: FastifyInstance): Promise<void> {
  const service = new RemovalRequestsService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ask = requireCapability('photo:removal:request');
  const review = requireCapability('gallery:review');
  const tags = ['solicitudes de retirada'];

  r.post(
    '/photos/:id/removal-request',
    {
      onRequest: ask,
      schema: {
        tags,
        description:
          'Pide que se retire la foto (`reason` opcional, ≤ 500). La foto se oculta en el acto para todos salvo scouters y admins, y se avisa a estos por email. 404 si quien pide no puede verla.',
        params: idParams,
        body: removalRequestBodySchema,
        response: { 201: removalRequestResultSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await service.request(currentUser(req), req.params.id, req.body.reason)),
  );

  r.get(
    '/removal-requests/mine',
    {
      onRequest: ask,
      schema: {
        tags,
        description: 'Las solicitudes de quien pregunta y su estado, las más recientes primero.',
        response: { 200: z.array(myRemovalRequestSchema) },
      },
    },
    (req) => service.mine(currentUser(req)),
  );

  r.get(
    '/removal-requests',
    {
      onRequest: review,
      schema: {
        tags,
        description:
          'Todas las solicitudes, las más recientes primero, con la miniatura de la foto mientras exista.',
        response: { 200: z.array(removalRequestSchema) },
      },
    },
    (req) => service.list(currentUser(req)),
  );

  r.post(
    '/removal-requests/:id/resolve',
    {
      onRequest: review,
      schema: {
        tags,
        description:
          '`action`: `delete` (borra la foto y sus archivos), `keep` (sigue oculta) o `show` (vuelve a mostrarse); `note` opcional (≤ 500), la ve quien pidió. 409 si la solicitud ya está resuelta.',
        params: idParams,
        body: removalResolveBodySchema,
        response: {
          200: z.object({ message: z.string(), request: removalRequestSchema }),
        },
      },
    },
    (req) => service.resolve(currentUser(req), req.params.id, req.body.action, req.body.note),
  );
}
