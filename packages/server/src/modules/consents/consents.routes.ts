import {
  AUDIT_TOTAL_HEADER,
  blurRequestResultSchema,
  blurWithdrawResultSchema,
  childConsentsSchema,
  childPhotoParams,
  childPhotoSchema,
  childPhotosQuerySchema,
  consentRegisterCsvQuerySchema,
  consentRegisterQuerySchema,
  consentRegisterRowSchema,
  consentResultSchema,
  consentTextCreateSchema,
  consentTextResultSchema,
  consentTextSchema,
  guardianConsentSchema,
  idParams,
  managerConsentSchema,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { ChildPhotosService } from './child-photos.service.js';
import { ConsentsService } from './consents.service.js';

/**
 * Image consent (decisions 061, 070–074): a guardian's answers and 'Fotos de mi educando' under
 * /api/profile/children/{id} (`children:own`, their own children only: another is a 404); a
 * manager's records under /api/children/{id}/consents and the register under /api/consents
 * (`consent:record`: an admin every child, a scouter their sections'); the text's versions
 * (`consent:text`, admins).
 */
export async function consentsRoutes(app: FastifyInstance): Promise<void> {
  const service = new ConsentsService(app.ctx);
  const photos = new ChildPhotosService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const own = requireCapability('children:own');
  const record = requireCapability('consent:record');
  const text = requireCapability('consent:text');
  const tags = ['consentimiento'];

  r.get(
    '/profile/children/:id/consents',
    {
      onRequest: own,
      schema: {
        tags,
        description:
          'El consentimiento de imagen de uno de tus educandos: el texto vigente, cada finalidad hoy (autorizado, no autorizado o sin responder) y el historial.',
        params: idParams,
        response: { 200: childConsentsSchema },
      },
    },
    (req) => service.forGuardian(currentUser(req), req.params.id),
  );

  r.put(
    '/profile/children/:id/consents',
    {
      onRequest: own,
      schema: {
        tags,
        description:
          'Da, cambia o retira el consentimiento de una finalidad: `purpose` (gallery, web, social o press) y `granted`. Desde los 14 años del educando cuenta el suyo propio: 400.',
        params: idParams,
        body: guardianConsentSchema,
        response: { 200: consentResultSchema },
      },
    },
    (req) => service.answer(currentUser(req), req.params.id, req.body),
  );

  r.get(
    '/profile/children/:id/photos',
    {
      onRequest: own,
      schema: {
        tags,
        description:
          'Fotos de mi educando: las fotos que ves en las que un scouter ha señalado la cara de tu educando, de la más nueva a la más antigua, por páginas (`page`, `limit` ≤ 100). ' +
          `El total va en la cabecera ${AUDIT_TOTAL_HEADER}.`,
        params: idParams,
        querystring: childPhotosQuerySchema,
        response: { 200: z.array(childPhotoSchema) },
      },
    },
    async (req, reply) => {
      const { photos: list, total } = await photos.list(currentUser(req), req.params.id, req.query);
      reply.header(AUDIT_TOTAL_HEADER, String(total));
      return list;
    },
  );

  r.post(
    '/profile/children/:id/photos/:photoId/blur',
    {
      onRequest: own,
      schema: {
        tags,
        description:
          'Difumina a tu educando en esta foto para todos (salvo scouters y administradores) y avisa a los scouters. Repetirlo no hace nada nuevo.',
        params: childPhotoParams,
        response: { 200: blurRequestResultSchema },
      },
    },
    (req) => photos.requestBlur(currentUser(req), req.params.id, req.params.photoId),
  );

  r.delete(
    '/profile/children/:id/photos/:photoId/blur',
    {
      onRequest: own,
      schema: {
        tags,
        description:
          'Dejar de difuminar: retira la petición de difuminar a tu educando en esta foto (la haya hecho quien la haya hecho de su familia). Su cara vuelve a verse solo donde el consentimiento lo permite. Repetirlo no hace nada nuevo.',
        params: childPhotoParams,
        response: { 200: blurWithdrawResultSchema },
      },
    },
    (req) => photos.withdrawBlur(currentUser(req), req.params.id, req.params.photoId),
  );

  r.get(
    '/children/:id/consents',
    {
      onRequest: record,
      schema: {
        tags,
        description:
          'El consentimiento de imagen de un educando que gestionas, con todo su historial.',
        params: idParams,
        response: { 200: childConsentsSchema },
      },
    },
    (req) => service.forManager(currentUser(req), req.params.id),
  );

  r.post(
    '/children/:id/consents',
    {
      onRequest: record,
      schema: {
        tags,
        description:
          'Registra un consentimiento: `purpose`, `granted`, `given_by` paper (hoja firmada por la familia, antes de los 14; `note` obligatoria) u own (el del propio educando, desde los 14), `note` (≤ 500).',
        params: idParams,
        body: managerConsentSchema,
        response: { 201: consentResultSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await service.recordByManager(currentUser(req), req.params.id, req.body)),
  );

  r.get(
    '/consents/texts',
    {
      onRequest: text,
      schema: {
        tags,
        description:
          'Todas las versiones del texto del consentimiento, de la más nueva a la más antigua.',
        response: { 200: z.array(consentTextSchema) },
      },
    },
    () => service.texts(),
  );

  r.post(
    '/consents/texts',
    {
      onRequest: text,
      schema: {
        tags,
        description:
          'Escribe una versión nueva del texto (`body`, 1–5000 caracteres): se pide a las familias que respondan de nuevo; lo que dijeron sigue valiendo hasta que respondan.',
        body: consentTextCreateSchema,
        response: { 201: consentTextResultSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.writeText(currentUser(req), req.body.body)),
  );

  r.get(
    '/consents/register',
    {
      onRequest: record,
      schema: {
        tags,
        description:
          'El registro de una sección (`section`): sus educandos activos y, por finalidad, si pueden aparecer hoy, quién lo dijo y cuándo; por páginas (`page`, `limit` ≤ 100). ' +
          `El total va en la cabecera ${AUDIT_TOTAL_HEADER}.`,
        querystring: consentRegisterQuerySchema,
        response: { 200: z.array(consentRegisterRowSchema) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await service.register(
        currentUser(req),
        req.query.section,
        req.query,
      );
      reply.header(AUDIT_TOTAL_HEADER, String(total));
      return rows;
    },
  );

  r.get(
    '/consents/register.csv',
    {
      onRequest: record,
      schema: {
        tags,
        description:
          'El registro de una sección (`section`) en CSV para Excel: UTF-8 con BOM, separado por «;».',
        querystring: consentRegisterCsvQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const { csv, fileName } = await service.registerCsv(currentUser(req), req.query.section);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
