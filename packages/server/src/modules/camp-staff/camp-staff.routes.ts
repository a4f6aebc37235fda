import { activityStaffSchema, idParams, staffInputSchema, staffParams } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { CampStaffService } from './camp-staff.service.js';

/**
 * /api/activities/{id}/staff: the adults who go and the ratio of children to adults. Whoever
 * sees the activity reads it; a scouter or an admin (`camp:staff`) signs up or leaves; a manager
 * of the activity adds or removes another adult.
 */
export async function campStaffRoutes(app: FastifyInstance): Promise<void> {
  const service = new CampStaffService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = requireCapability('activities:view');
  const staff = requireCapability('camp:staff');
  const tags = ['actividades'];

  r.get(
    '/activities/:id/staff',
    {
      onRequest: view,
      schema: {
        tags,
        description:
          'El equipo de la actividad (cada adulto y si su certificado negativo está al día el último día) y la proporción de educandos que van por adulto frente al ajuste del grupo.',
        params: idParams,
        response: { 200: activityStaffSchema },
      },
    },
    (req) => service.get(currentUser(req), req.params.id),
  );

  r.post(
    '/activities/:id/staff',
    {
      onRequest: staff,
      schema: {
        tags,
        description:
          'Apunta a un adulto (`user_id`) al equipo: uno mismo en una actividad que ve, u otro scouter o administrador quien gestiona la actividad. 409 si su certificado negativo no está al día el último día de la actividad.',
        params: idParams,
        body: staffInputSchema,
        response: { 201: activityStaffSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.add(currentUser(req), req.params.id, req.body.user_id)),
  );

  r.delete(
    '/activities/:id/staff/:userId',
    {
      onRequest: staff,
      schema: {
        tags,
        description: 'Saca a un adulto del equipo: uno mismo, o quien gestiona la actividad.',
        params: staffParams,
        response: { 200: activityStaffSchema },
      },
    },
    (req) => service.remove(currentUser(req), req.params.id, req.params.userId),
  );
}
