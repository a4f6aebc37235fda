import {
  deleteAccountBodySchema,
  messageResponse,
  myDataExportSchema,
  myDataFileName,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireAuth } from '../../plugins/auth.js';
import { MyDataService } from './my-data.service.js';

/** /api/profile/me/export and DELETE /api/profile/me: the member's own data (decision 023). */
export async function myDataRoutes(app: FastifyInstance): Promise<void> {
  const service = new MyDataService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['perfil'];

  r.get(
    '/profile/me/export',
    {
      onRequest: requireAuth,
      // A handful of queries over everything the member did: a few per minute is plenty.
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags,
        description:
          'Tus datos en un archivo JSON (descarga): cuenta, «me gusta», comentarios, solicitudes de retirada e invitaciones. Nunca la contraseña ni datos de otros miembros.',
        response: { 200: myDataExportSchema },
      },
    },
    async (req, reply) => {
      const data = await service.export(currentUser(req));
      reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="${myDataFileName(new Date(data.exported_at))}"`,
        );
      return data;
    },
  );

  r.delete(
    '/profile/me',
    {
      onRequest: requireAuth,
      // The password is checked here: limited like the login.
      config: { rateLimit: { max: app.ctx.config.authRateLimit, timeWindow: 60_000 } },
      schema: {
        tags,
        description:
          'Elimina tu cuenta. Confirma con `password`, o con `idToken`: el ID token de un inicio de sesión externo de hace menos de 5 minutos (nonce de GET /auth/google/nonce). El último administrador no puede.',
        body: deleteAccountBodySchema,
        response: { 200: messageResponse },
      },
    },
    (req) => service.deleteAccount(currentUser(req), req.body),
  );
}
