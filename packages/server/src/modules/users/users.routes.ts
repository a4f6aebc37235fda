import { idParams, messageResponse, updateRoleBodySchema, userSchema } from '@fogata/shared';
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
    { onRequest: guard, schema: { tags, response: { 200: z.array(userSchema) } } },
    () => service.list(),
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
