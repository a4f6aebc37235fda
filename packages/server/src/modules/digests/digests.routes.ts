import { DIGEST_MESSAGES } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { multipartRoutes } from '../../media/multipart.js';
import { DigestService } from './digests.service.js';

const querystring = z.object({
  token: z.string({ error: DIGEST_MESSAGES.unsubscribeInvalid }).max(200, {
    error: DIGEST_MESSAGES.unsubscribeInvalid,
  }),
});

/**
 * POST /api/digest/unsubscribe?token=…: the digest's one-click unsubscribe, without signing in.
 * Mail clients POST `List-Unsubscribe=One-Click` as a form (RFC 8058); the web page POSTs with no
 * body. A GET does nothing (link checkers and previews must not unsubscribe anyone).
 */
export async function digestsRoutes(app: FastifyInstance): Promise<void> {
  const service = new DigestService(app.ctx);
  // Only in this plugin: the form a mail client sends. Its content does not matter.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );

  // Some mail clients send the form as multipart/form-data (decision 031).
  await multipartRoutes(app, (r) => {
    r.post(
      '/digest/unsubscribe',
      {
        schema: {
          tags: ['perfil'],
          security: [],
          description:
            'Da de baja del resumen de novedades con el token firmado del correo (sin sesión). Acepta el POST de un clic de los clientes de correo (RFC 8058).',
          querystring,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      (req) => service.unsubscribe(req.query.token),
    );
  });
}
