import {
  forgotPasswordSchema,
  loginResultSchema,
  loginSchema,
  messageResponse,
  registerInvitedBodySchema,
  resetPasswordBodySchema,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthService } from './auth.service.js';
import { googleRoutes } from './google.routes.js';

/** /api/auth: sign-in, password recovery, registration by invitation. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const service = new AuthService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['autenticación'];
  // Per IP and minute, on every anonymous call that hashes a password or sends mail: guessing
  // passwords, flooding an inbox or keeping the scrypt threads busy gets slow fast.
  const rateLimit = { max: app.ctx.config.authRateLimit, timeWindow: 60_000 };

  r.post(
    '/auth/login',
    {
      config: { rateLimit },
      schema: { tags, body: loginSchema, response: { 200: loginResultSchema } },
    },
    (req) => service.login(req.body.email, req.body.password),
  );

  r.post(
    '/auth/forgot-password',
    {
      config: { rateLimit },
      schema: { tags, body: forgotPasswordSchema, response: { 200: messageResponse } },
    },
    (req) => service.forgotPassword(req.body.email),
  );

  r.post(
    '/auth/reset-password',
    {
      config: { rateLimit },
      schema: { tags, body: resetPasswordBodySchema, response: { 200: messageResponse } },
    },
    (req) => service.resetPassword(req.body.token, req.body.password),
  );

  r.post(
    '/auth/register-invited',
    {
      config: { rateLimit },
      schema: { tags, body: registerInvitedBodySchema, response: { 201: loginResultSchema } },
    },
    async (req, reply) => reply.status(201).send(await service.registerInvited(req.body)),
  );

  await app.register(googleRoutes);
}
