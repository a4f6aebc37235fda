import {
  idParams,
  invitationSchema,
  invitationsQuerySchema,
  invitationVerifyResponseSchema,
  MSG,
  messageResponse,
  resendInvitationResponseSchema,
  sendInvitationsBodySchema,
  sendInvitationsResponseSchema,
  TOTAL_COUNT_HEADER,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { InvitationsService } from './invitations.service.js';

const tokenParams = z.object({
  token: z.string().min(1, { error: MSG.tokenRequired }).max(200, { error: MSG.tokenRequired }),
});

/** /api/invitations: send, list and revoke (admin); verify a link (anyone). */
export async function invitationsRoutes(app: FastifyInstance): Promise<void> {
  const service = new InvitationsService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireCapability('admin:panel');
  const tags = ['invitaciones'];

  r.get(
    '/invitations/verify/:token',
    { schema: { tags, params: tokenParams, response: { 200: invitationVerifyResponseSchema } } },
    (req) => service.verify(req.params.token),
  );

  r.post(
    '/invitations',
    {
      onRequest: guard,
      schema: {
        tags,
        body: sendInvitationsBodySchema,
        response: { 200: sendInvitationsResponseSchema },
      },
    },
    (req) => service.send(currentUser(req), req.body),
  );

  r.get(
    '/invitations',
    {
      onRequest: guard,
      schema: {
        tags,
        description:
          'Invitaciones, más recientes primero, con los educandos que vinculan. Búsqueda `q` (email o ' +
          'nombre de un educando), filtros `role` y `status`; con `page` o `limit` (≤ 100), esa ' +
          `página; sin ellos, la lista entera. El total va en la cabecera ${TOTAL_COUNT_HEADER}.`,
        querystring: invitationsQuerySchema,
        response: { 200: z.array(invitationSchema) },
      },
    },
    async (req, reply) => {
      const { items, total } = await service.list(req.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  r.post(
    '/invitations/:id/resend',
    {
      onRequest: guard,
      schema: {
        tags,
        description:
          'Reenvía una invitación pendiente con un enlace nuevo y una nueva caducidad; el enlace anterior deja de valer. Sin SMTP devuelve el enlace.',
        params: idParams,
        response: { 200: resendInvitationResponseSchema },
      },
    },
    (req) => service.resend(req.params.id),
  );

  r.delete(
    '/invitations/:id',
    { onRequest: guard, schema: { tags, params: idParams, response: { 200: messageResponse } } },
    (req) => service.revoke(currentUser(req), req.params.id),
  );
}
