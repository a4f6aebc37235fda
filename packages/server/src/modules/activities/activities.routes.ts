import {
  activityChildParams,
  activityInputSchema,
  activityListQuerySchema,
  activityListSchema,
  activitySchema,
  activityStatusBodySchema,
  childActivityStatusSchema,
  idParams,
  personInChargeSchema,
  signupBodySchema,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { ActivitiesService } from './activities.service.js';

/**
 * /api/activities: what a group runs and who goes (issue 36). Whoever holds `activities:view`
 * reads the activities they see (the access policy's `activity.see`: 404 as if missing for the
 * rest); `activities:manage` creates, and edits, changes the state of and deletes those they
 * manage (`activity.manage`: 403 for one they see but do not manage); a guardian answers for
 * their child while sign-ups are open.
 */
export async function activitiesRoutes(app: FastifyInstance): Promise<void> {
  const service = new ActivitiesService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = requireCapability('activities:view');
  const manage = requireCapability('activities:manage');
  const tags = ['actividades'];

  r.get(
    '/activities',
    {
      onRequest: view,
      schema: {
        tags,
        description:
          'Lo que viene para quien pregunta (todo, lo más próximo primero) y una página de lo pasado (`past_page`, lo más reciente primero). Una familia ve las actividades de sus educandos; un scouter, las de sus secciones y las de todo el grupo; un administrador, todas. `children`: el estado de cada educando propio convocado.',
        querystring: activityListQuerySchema,
        response: { 200: activityListSchema },
      },
    },
    (req) => service.list(currentUser(req), req.query.past_page),
  );

  r.get(
    '/activities/people-in-charge',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'Los scouters y administradores que pueden ser responsables de una actividad.',
        response: { 200: z.array(personInChargeSchema) },
      },
    },
    () => service.peopleInCharge(),
  );

  r.get(
    '/activities/:id',
    {
      onRequest: view,
      schema: {
        tags,
        description:
          'Una actividad con todo lo que necesita una familia y el estado de cada uno de sus educandos convocados. Un 404 para quien no la ve (un borrador para las familias, otra sección).',
        params: idParams,
        response: { 200: activitySchema },
      },
    },
    (req) => service.get(currentUser(req), req.params.id),
  );

  r.post(
    '/activities',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Crea una actividad: un borrador, o publicada con `publish: true` (se avisa a las familias). `section_ids` vacío: todo el grupo (solo un administrador); un scouter, solo sus secciones.',
        body: activityInputSchema,
        response: { 201: activitySchema },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(currentUser(req), req.body)),
  );

  r.put(
    '/activities/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Edita una actividad (no cancelada ni celebrada). Si cambian las fechas, el lugar, los puntos de encuentro o regreso o el transporte, las autorizaciones firmadas dejan de valer y se pide a esas familias que firmen de nuevo.',
        params: idParams,
        body: activityInputSchema,
        response: { 200: activitySchema },
      },
    },
    (req) => service.update(currentUser(req), req.params.id, req.body),
  );

  r.post(
    '/activities/:id/status',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Cambia el estado: `publicada` (un borrador; avisa a las familias), `cerrada` (cierra la inscripción), `celebrada`, `cancelada` (avisa a las familias con un educando apuntado o en lista de espera). Un 409 si su estado no lo permite.',
        params: idParams,
        body: activityStatusBodySchema,
        response: { 200: activitySchema },
      },
    },
    (req) => service.changeStatus(currentUser(req), req.params.id, req.body.status),
  );

  r.delete(
    '/activities/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'Elimina un borrador; una actividad publicada se cancela (409).',
        params: idParams,
      },
    },
    async (req, reply) => {
      await service.remove(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  );

  r.put(
    '/activities/:id/children/:childId/signup',
    {
      onRequest: view,
      schema: {
        tags,
        description:
          'La respuesta de un educando: `going` (va / no va) y `answers` (id de pregunta → texto, sí/no u opción). Una familia del educando, mientras la inscripción está abierta; los scouters de la actividad, siempre que no esté cancelada. Con plazas, quien va cuando ya no quedan pasa a la lista de espera.',
        params: activityChildParams,
        body: signupBodySchema,
        response: { 200: childActivityStatusSchema },
      },
    },
    (req) => service.signup(currentUser(req), req.params.id, req.params.childId, req.body),
  );
}
