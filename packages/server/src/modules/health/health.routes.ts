import {
  activityChildParams,
  healthConfirmSchema,
  healthRecordInputSchema,
  idParams,
  pageField,
} from '@fogata/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { HealthService } from './health.service.js';

/** Health data is never kept by a browser's or a proxy's cache. */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/**
 * La ficha sanitaria: a guardian keeps their child's (`health:keep` and, in the service, a
 * guardian of the child), confirms it and reads who saw it; the staff of an activity read one
 * child's in the camp window (`camp:staff` and, in the service, the camp rule).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const service = new HealthService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const keep = requireCapability('health:keep');
  const staff = requireCapability('camp:staff');
  const tags = ['ficha sanitaria'];
  const path = '/children/:id/health';

  r.get(
    path,
    {
      onRequest: keep,
      schema: {
        tags,
        description:
          'La ficha sanitaria de uno de tus educandos (`record`, null si no se ha rellenado) y si hay que confirmarla esta ronda (`confirm_due`).',
        params: idParams,
      },
    },
    async (req, reply) => {
      noStore(reply);
      return service.get(currentUser(req), req.params.id);
    },
  );

  r.put(
    path,
    {
      onRequest: keep,
      schema: {
        tags,
        description:
          'Guarda la ficha sanitaria entera de uno de tus educandos; guardarla cuenta como confirmarla.',
        params: idParams,
        body: healthRecordInputSchema,
      },
    },
    async (req, reply) => {
      noStore(reply);
      return service.save(currentUser(req), req.params.id, req.body);
    },
  );

  r.post(
    `${path}/confirm`,
    {
      onRequest: keep,
      schema: {
        tags,
        description:
          'Confirma que la ficha está al día: para la ronda o, con `activity_id`, para una actividad a la que va o espera (se guarda la ficha tal como está).',
        params: idParams,
        body: healthConfirmSchema.optional(),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return service.confirm(currentUser(req), req.params.id, req.body?.activity_id);
    },
  );

  r.get(
    `${path}/reads`,
    {
      onRequest: keep,
      schema: {
        tags,
        description:
          'Quién ha leído la ficha (fuera de sus familiares), desde qué actividad y cómo; de la más reciente a la más antigua, 20 por página.',
        params: idParams,
        querystring: z.object({ page: pageField.default(1) }),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return service.reads(currentUser(req), req.params.id, req.query.page);
    },
  );

  r.get(
    '/activities/:id/health/:childId',
    {
      onRequest: staff,
      schema: {
        tags,
        description:
          'La ficha de un educando que va a la actividad, para su equipo, desde dos días antes de que empiece hasta que termina. Cada lectura queda registrada y la familia la ve.',
        params: activityChildParams,
      },
    },
    async (req, reply) => {
      noStore(reply);
      return service.staffRead(currentUser(req), req.params.id, req.params.childId);
    },
  );
}
