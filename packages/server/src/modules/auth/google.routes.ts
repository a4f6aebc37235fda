import {
  externalLoginBodySchema,
  externalNonceResponseSchema,
  loginResultSchema,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GoogleAuthService } from './google.service.js';

/** /api/auth/google: external sign-in with the provider's ID token. */
export async function googleRoutes(app: FastifyInstance): Promise<void> {
  const service = new GoogleAuthService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['autenticación'];
  // Like the password login: per IP and minute.
  const rateLimit = { max: app.ctx.config.authRateLimit, timeWindow: 60_000 };

  r.get(
    '/auth/google/nonce',
    {
      config: { rateLimit },
      schema: {
        tags,
        description: 'Un nonce de un solo uso que el ID token debe llevar (caduca en 10 minutos).',
        response: { 200: externalNonceResponseSchema },
      },
    },
    async (_req, reply) => {
      // A nonce is single use: no cache may hand the same one to two sign-ins.
      reply.header('cache-control', 'no-store');
      return service.issueNonce();
    },
  );

  r.post(
    '/auth/google',
    {
      config: { rateLimit },
      schema: {
        tags,
        description:
          'Inicia sesión con el ID token del proveedor externo (por defecto Google): la cuenta con ese email verificado, o una nueva si hay una invitación pendiente para él.',
        body: externalLoginBodySchema,
        response: { 200: loginResultSchema },
      },
    },
    (req) => service.login(req.body.token),
  );
}
