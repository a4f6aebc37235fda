import {
  can,
  idParams,
  SERVER_ERRORS,
  sectionCreateSchema,
  sectionListQuerySchema,
  sectionMutationResultSchema,
  sectionSchema,
  sectionScouterSchema,
  sectionScoutersInputSchema,
  sectionUpdateSchema,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { currentUser, optionalAuth, requireCapability } from '../../plugins/auth.js';
import { SectionsService } from './sections.service.js';

/**
 * /api/sections: everyone reads the sections in use (the who-we-are page lists them); admins
 * (`sections:manage`) add, edit, retire and bring back sections and assign their scouters.
 */
export async function sectionsRoutes(app: FastifyInstance): Promise<void> {
  const service = new SectionsService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = requireCapability('sections:manage');
  const tags = ['secciones'];

  r.get(
    '/sections',
    {
      onRequest: optionalAuth,
      schema: {
        tags,
        description:
          'Las secciones en uso, por orden (público). Con `all=1` (administradores) también las retiradas.',
        querystring: sectionListQuerySchema,
        response: { 200: z.array(sectionSchema) },
      },
    },
    (req) => {
      const all = req.query.all === '1';
      if (all && !can(req.user?.role ?? null, 'sections:manage')) {
        throw req.user
          ? new AppError(403, SERVER_ERRORS.forbidden)
          : new AppError(401, SERVER_ERRORS.unauthenticated);
      }
      return service.list(all);
    },
  );

  r.post(
    '/sections',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Crea una sección: `name` (1–50, único sin distinguir mayúsculas), `min_age` < `max_age` (3–25), `colour` (#rrggbb) y `position` (opcional: al final).',
        body: sectionCreateSchema,
        response: { 201: sectionMutationResultSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(currentUser(req), req.body)),
  );

  r.put(
    '/sections/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Edita una sección (los campos que falten no cambian). `retired: true` la retira (sus educandos y álbumes la conservan), `false` la vuelve a poner en uso.',
        params: idParams,
        body: sectionUpdateSchema,
        response: { 200: sectionMutationResultSchema },
      },
    },
    (req) => service.update(currentUser(req), req.params.id, req.body),
  );

  r.get(
    '/sections/:id/scouters',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'Los scouters asignados a la sección.',
        params: idParams,
        response: { 200: z.array(sectionScouterSchema) },
      },
    },
    (req) => service.scouters(req.params.id),
  );

  r.put(
    '/sections/:id/scouters',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Fija los scouters de la sección: `user_ids`, cuentas con el rol scouter (otra cuenta: 400).',
        params: idParams,
        body: sectionScoutersInputSchema,
        response: {
          200: z.object({ message: z.string(), scouters: z.array(sectionScouterSchema) }),
        },
      },
    },
    (req) => service.setScouters(currentUser(req), req.params.id, req.body.user_ids),
  );
}
