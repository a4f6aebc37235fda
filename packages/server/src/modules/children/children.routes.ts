import {
  AUDIT_TOTAL_HEADER,
  accountLookupQuerySchema,
  childCreateSchema,
  childDetailSchema,
  childListQuerySchema,
  childMutationResultSchema,
  childSchema,
  childUpdateSchema,
  guardianParams,
  guardianSchema,
  idParams,
  ownChildSchema,
  promotionApplySchema,
  promotionProposalSchema,
  promotionQuerySchema,
  promotionResultSchema,
  sectionSchema,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { ChildrenService } from './children.service.js';
import { PromotionService } from './promotion.service.js';

/**
 * /api/children: the group's children, for their managers (`children:manage`: an admin every
 * child, a scouter those of their sections; any other answers 404 as if missing); the paso de
 * sección (`children:promote`); and /api/profile/children, a guardian's own ('Mis educandos').
 */
export async function childrenRoutes(app: FastifyInstance): Promise<void> {
  const service = new ChildrenService(app.ctx);
  const promotion = new PromotionService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = requireCapability('children:manage');
  const promote = requireCapability('children:promote');
  const tags = ['educandos'];

  r.get(
    '/children',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Los educandos que gestiona quien pregunta, por nombre, por páginas: `q` busca en el nombre completo (sin distinguir mayúsculas ni acentos), `section` (id), `status` (active por defecto, inactive o all), `page`, `limit` ≤ 100. ' +
          `El total va en la cabecera ${AUDIT_TOTAL_HEADER}.`,
        querystring: childListQuerySchema,
        response: { 200: z.array(childSchema) },
      },
    },
    async (req, reply) => {
      const { children, total } = await service.list(currentUser(req), req.query);
      reply.header(AUDIT_TOTAL_HEADER, String(total));
      return children;
    },
  );

  r.post(
    '/children',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Añade un educando: `full_name` (1–150), `birth_date` (AAAA-MM-DD, no futura), `section_id` (una sección en uso; un scouter, una de las suyas).',
        body: childCreateSchema,
        response: { 201: childMutationResultSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(currentUser(req), req.body)),
  );

  r.get(
    '/children/sections',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Las secciones en uso en las que quien pregunta puede poner educandos: todas (administradores) o las suyas (scouters).',
        response: { 200: z.array(sectionSchema) },
      },
    },
    (req) => service.sections(currentUser(req)),
  );

  r.get(
    '/children/accounts',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Cuentas que vincular como familiares: un administrador busca por nombre o email (`q`, las 10 primeras); un scouter solo encuentra una cuenta por su email exacto.',
        querystring: accountLookupQuerySchema,
        response: { 200: z.array(guardianSchema) },
      },
    },
    (req) => service.accounts(currentUser(req), req.query.q),
  );

  // Before /children/:id, which would not match it anyway (ids are digits).
  r.get(
    '/children/promotion',
    {
      onRequest: promote,
      schema: {
        tags,
        description:
          'Propuesta del paso de sección: los educandos activos cuya edad en `date` (por defecto el 1 de septiembre de este año) queda fuera de su sección, con la sección que les corresponde (`to` null: dejan el grupo).',
        querystring: promotionQuerySchema,
        response: { 200: promotionProposalSchema },
      },
    },
    (req) => promotion.propose(req.query.date),
  );

  r.post(
    '/children/promotion',
    {
      onRequest: promote,
      schema: {
        tags,
        description:
          'Aplica el paso de sección en una sola transacción: `moves` [{ child_id, section_id | null }] (null: deja el grupo y pasa a inactivo).',
        body: promotionApplySchema,
        response: { 200: promotionResultSchema },
      },
    },
    (req) => promotion.apply(currentUser(req), req.body),
  );

  r.get(
    '/children/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'Un educando con sus familiares y el historial de sus secciones.',
        params: idParams,
        response: { 200: childDetailSchema },
      },
    },
    (req) => service.get(currentUser(req), req.params.id),
  );

  r.put(
    '/children/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Edita un educando (los campos que falten no cambian): `full_name`, `birth_date`, `section_id` (cierra su estancia actual y abre otra), `active`.',
        params: idParams,
        body: childUpdateSchema,
        response: { 200: childMutationResultSchema },
      },
    },
    (req) => service.update(currentUser(req), req.params.id, req.body),
  );

  r.put(
    '/children/:id/guardians/:userId',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'Vincula una cuenta como familiar del educando.',
        params: guardianParams,
        response: { 200: childMutationResultSchema },
      },
    },
    (req) => service.link(currentUser(req), req.params.id, req.params.userId),
  );

  r.delete(
    '/children/:id/guardians/:userId',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'Desvincula a un familiar del educando.',
        params: guardianParams,
        response: { 200: childMutationResultSchema },
      },
    },
    (req) => service.unlink(currentUser(req), req.params.id, req.params.userId),
  );

  r.get(
    '/profile/children',
    {
      onRequest: requireCapability('children:own'),
      schema: {
        tags: ['perfil'],
        description: 'Mis educandos: los educandos activos de la cuenta, con su sección.',
        response: { 200: z.array(ownChildSchema) },
      },
    },
    (req) => service.own(currentUser(req).id),
  );
}
