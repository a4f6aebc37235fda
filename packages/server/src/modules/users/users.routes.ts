import {
  adminUserSchema,
  adminUsersQuerySchema,
  idParams,
  messageResponse,
  TOTAL_COUNT_HEADER,
  updateRoleBodySchema,
  userSchema,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { UsersService } from './users.service.js';

/** /api/admin/users: the admin panel's registered users. */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const service = new UsersService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireCapability('admin:panel');
  const tags = ['usuarios'];

  r.get(
    '/admin/users',
    {
      onRequest: guard,
      schema: {
        tags,
        description:
          'Usuarios, más recientes primero, con cuántos educandos tienen y sus secciones. Búsqueda ' +
          '`q` (nombre o email), filtros `role` y `section` (scouter de ella o familia de un ' +
          'educando activo en ella); con `page` o `limit` (≤ 100), esa página; sin ellos, la lista ' +
          `entera. El total va en la cabecera ${TOTAL_COUNT_HEADER}.`,
        querystring: adminUsersQuerySchema,
        response: { 200: z.array(adminUserSchema) },
      },
    },
    async (req, reply) => {
      const { items, total } = await service.list(req.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  r.put(
    '/admin/users/:id/role',
    {
      onRequest: guard,
      schema: { tags, params: idParams, body: updateRoleBodySchema, response: { 200: userSchema } },
    },
    (req) => service.changeRole(currentUser(req), req.params.id, req.body.role),
  );

  r.delete(
    '/admin/users/:id',
    { onRequest: guard, schema: { tags, params: idParams, response: { 200: messageResponse } } },
    (req) => service.delete(currentUser(req), req.params.id),
  );
}
