import {
  delegateAnswerSchema,
  messageResponse,
  protectionMessageInputSchema,
  protectionMessageReadSchema,
  protectionMessageSchema,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, optionalAuth, requireCapability } from '../../plugins/auth.js';
import { ProtectionService } from './protection.service.js';

/**
 * /api/protection: who the delegado/a de protección is (anyone), writing to them (anyone, an
 * anonymous visitor too, `protection:write`), their messages (only the account named) and the log
 * of who read them (the delegado/a and the admins).
 */
export async function protectionRoutes(app: FastifyInstance): Promise<void> {
  const service = new ProtectionService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = requireCapability('protection:read');
  const tags = ['protección'];
  // Per IP and minute, as sign-in: an open form that mails someone must not flood their inbox.
  const rateLimit = { max: app.ctx.config.authRateLimit, timeWindow: 60_000 };

  r.get(
    '/protection/delegate',
    {
      onRequest: optionalAuth,
      schema: {
        tags,
        description:
          'El delegado/a de protección del grupo (nombre y contacto), o null si aún no se ha nombrado. Con sesión, `mine` dice si es quien pregunta.',
        response: { 200: delegateAnswerSchema.nullable() },
      },
    },
    (req) => service.delegate(req.user ?? null),
  );

  r.post(
    '/protection/messages',
    {
      onRequest: optionalAuth,
      config: { rateLimit },
      schema: {
        tags,
        description:
          'Escribe al delegado/a de protección (`body`; `name` y `reply_to` si se quiere). Se guarda cifrado y solo el delegado/a puede leerlo; le llega un correo que avisa, sin el mensaje. 409 si no hay delegado/a.',
        body: protectionMessageInputSchema,
        response: { 201: messageResponse },
      },
    },
    async (req, reply) => reply.status(201).send(await service.send(req.user ?? null, req.body)),
  );

  r.get(
    '/protection/messages',
    {
      onRequest: read,
      schema: {
        tags,
        description:
          'Los mensajes al delegado/a de protección, los más recientes primero: solo para la cuenta nombrada delegado/a. Cada lectura queda en su propio registro.',
        response: { 200: z.object({ items: z.array(protectionMessageSchema) }) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.messages(currentUser(req));
    },
  );

  r.get(
    '/protection/reads',
    {
      onRequest: read,
      schema: {
        tags,
        description:
          'Quién leyó cada mensaje al delegado/a y cuándo (nunca su contenido): para el delegado/a y los administradores.',
        response: { 200: z.object({ items: z.array(protectionMessageReadSchema) }) },
      },
    },
    (req) => service.reads(currentUser(req)),
  );
}
