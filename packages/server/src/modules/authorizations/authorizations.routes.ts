import {
  AUTHORIZATION_ERRORS,
  activityChildParams,
  authorizationFormSchema,
  authorizationIdParams,
  authorizationResultSchema,
  authorizationTextCreateSchema,
  authorizationTextSchema,
  delegateInputSchema,
  paperNoteSchema,
  profileDniBodySchema,
  profileDniSchema,
  SERVER_ERRORS,
  signAuthorizationSchema,
} from '@fogata/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifySessionNow } from '../../lib/session-token.js';
import { readImageForm, requiredImage, savingImageForm } from '../../media/image-form.js';
import { multipartRoutes } from '../../media/multipart.js';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { AuthorizationsService, type SignInOfSession } from './authorizations.service.js';

/** The multipart field of a paper autorización's photo or scan. */
const PAPER_FIELD = 'file';

/**
 * How the request's session was opened (by Google or not) and when: read from its token, which
 * the guard has already checked (the check is remembered, so this costs a map lookup).
 */
function signInOf(req: FastifyRequest): SignInOfSession {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  const session = match?.[1] ? verifySessionNow(match[1], req.server.ctx.jwtKey) : null;
  return { via: session?.via ?? null, iat: session?.iat ?? 0 };
}

/**
 * The autorización of an activity: a guardian reads it filled for their child, signs, withdraws
 * and downloads it (`activities:sign`); a manager records a paper one and reads its scan
 * (`activities:manage`); an admin writes the text and the delegado/a (`authorization:text`); a
 * member keeps their DNI/NIE (`activities:sign`).
 */
export async function authorizationsRoutes(app: FastifyInstance): Promise<void> {
  const service = new AuthorizationsService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sign = requireCapability('activities:sign');
  const manage = requireCapability('activities:manage');
  const text = requireCapability('authorization:text');
  const tags = ['autorizaciones'];
  // Like the login: a signature checks a password, so guessing one gets slow fast.
  const rateLimit = { max: app.ctx.config.authRateLimit, timeWindow: 60_000 };
  const path = '/activities/:id/children/:childId/authorization';

  r.get(
    path,
    {
      onRequest: sign,
      schema: {
        tags,
        description:
          'La autorización de uno de tus educandos para una actividad: el texto con sus huecos (`template`), el valor de cada hueco salvo `tutor` y `dni` (`values`), tu nombre y tu DNI/NIE si ya lo diste, y cómo confirmar la firma (`password` o `google`).',
        params: activityChildParams,
        response: { 200: authorizationFormSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.form(currentUser(req), req.params.id, req.params.childId, signInOf(req));
    },
  );

  r.post(
    path,
    {
      onRequest: sign,
      config: { rateLimit },
      schema: {
        tags,
        description:
          'Firma la autorización: `full_name`, `dni` (DNI/NIE, con su letra), `password` (salvo entrada reciente con Google) y `text_sha256`, el SHA-256 del texto mostrado, rellenado con `fillAuthorizationText` con el nombre recortado y el DNI/NIE normalizado. Si el texto difiere, 409. El PDF llega por correo.',
        params: activityChildParams,
        body: signAuthorizationSchema,
        response: { 201: authorizationResultSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(
        await service.sign(currentUser(req), req.params.id, req.params.childId, req.body, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
          session: signInOf(req),
        }),
      ),
  );

  r.delete(
    path,
    {
      onRequest: sign,
      schema: {
        tags,
        description: 'Retira tu firma de la autorización, hasta que empiece la actividad.',
        params: activityChildParams,
      },
    },
    async (req, reply) => {
      await service.withdraw(currentUser(req), req.params.id, req.params.childId);
      return reply.status(204).send();
    },
  );

  r.get(
    '/authorizations/:authorizationId/pdf',
    {
      onRequest: sign,
      schema: {
        tags,
        description:
          'La autorización firmada en PDF (A4), con los datos de la firma: para los familiares del educando y quienes gestionan la actividad.',
        params: authorizationIdParams,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const { pdf, fileName } = await service.pdf(currentUser(req), req.params.authorizationId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  r.get(
    '/authorizations/:authorizationId/paper',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'La foto o el escaneo de una autorización en papel, sin metadatos.',
        params: authorizationIdParams,
        produces: ['image/jpeg'],
      },
    },
    async (req, reply) => {
      const scan = await service.paper(currentUser(req), req.params.authorizationId);
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'no-store')
        .send(scan);
    },
  );

  // A paper autorización reads a multipart body, in a context of its own (decision 031).
  await multipartRoutes(app, (m) => {
    m.post(
      '/activities/:id/children/:childId/paper-authorization',
      {
        onRequest: manage,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description:
            'Registra una autorización en papel: `file` (foto o escaneo: jpg, png, gif o webp, ≤ 25 MB; se guarda privada y sin metadatos) y `note` (≤ 500).',
          params: activityChildParams,
          response: { 201: authorizationResultSchema },
        },
      },
      async (req, reply) => {
        const form = readImageForm(req, reply, {
          schema: z.object({ note: paperNoteSchema.default('') }),
          fields: ['note'],
          fileField: PAPER_FIELD,
          imageRequired: AUTHORIZATION_ERRORS.paperFileRequired,
          summarize: (errors) => errors[0]?.message ?? SERVER_ERRORS.validation,
        });
        const result = await savingImageForm(form, (fields, image) =>
          service.recordPaper(
            currentUser(req),
            req.params.id,
            req.params.childId,
            requiredImage(image, AUTHORIZATION_ERRORS.paperFileRequired),
            fields.note,
          ),
        );
        return reply.status(201).send(result);
      },
    );
  });

  r.get(
    '/admin/authorization-text',
    {
      onRequest: text,
      schema: {
        tags,
        description:
          'El texto vigente de la autorización (con sus huecos) y el delegado/a de protección del grupo.',
        response: { 200: authorizationTextSchema },
      },
    },
    () => service.text(),
  );

  r.post(
    '/admin/authorization-text',
    {
      onRequest: text,
      schema: {
        tags,
        description:
          'Escribe una versión nueva del texto (`body`, 1–10000 caracteres; solo huecos conocidos). Las firmas hechas conservan el texto que se firmó.',
        body: authorizationTextCreateSchema,
        response: { 201: authorizationTextSchema.extend({ message: z.string() }) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.writeText(currentUser(req), req.body.body)),
  );

  r.put(
    '/admin/protection-delegate',
    {
      onRequest: text,
      schema: {
        tags,
        description:
          'El delegado/a de protección del grupo: una cuenta de scouter o administrador (`user_id`) y cómo contactar (`contact`, ≤ 200). Su nombre es el de la cuenta.',
        body: delegateInputSchema,
        response: {
          200: z.object({
            user_id: z.number().int(),
            name: z.string(),
            contact: z.string(),
            message: z.string(),
          }),
        },
      },
    },
    (req) => service.setDelegate(currentUser(req), req.body),
  );

  r.get(
    '/profile/dni',
    {
      onRequest: sign,
      schema: {
        tags,
        description: 'Tu DNI/NIE, el que usas al firmar autorizaciones (null si aún no lo diste).',
        response: { 200: profileDniSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.dni(currentUser(req));
    },
  );

  r.put(
    '/profile/dni',
    {
      onRequest: sign,
      schema: {
        tags,
        description: 'Guarda tu DNI/NIE (se comprueba su letra).',
        body: profileDniBodySchema,
        response: { 200: profileDniSchema },
      },
    },
    (req) => service.setDni(currentUser(req), req.body.dni),
  );
}
