import {
  boardChildParams,
  boardSchema,
  idParams,
  paymentInputSchema,
  paymentSchema,
  remindersResultSchema,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import type { UserRow } from '../users/users.repository.js';
import { ActivityBoardService } from './activity-board.service.js';

/**
 * The scouters' board of an activity, its payments, the reminders and the participants' exports,
 * under /api/activities/{id}: `activities:manage`, and the activity managed (an admin every one,
 * a scouter those of the whole group or of their sections; another is a 404).
 */
export async function activityBoardRoutes(app: FastifyInstance): Promise<void> {
  const service = new ActivityBoardService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = requireCapability('activities:manage');
  const tags = ['actividades'];

  r.get(
    '/activities/:id/board',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'El tablero de una actividad: cada educando activo de su público (por sección y nombre) con su inscripción, su autorización, su pago y sus respuestas, y los recuentos.',
        params: idParams,
        response: { 200: boardSchema },
      },
    },
    (req) => service.board(currentUser(req), req.params.id),
  );

  r.put(
    '/activities/:id/children/:childId/payment',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Marca lo que ha pagado la familia de un educando: `amount_cents` (céntimos de euro, 0–1 000 000) y `method` (efectivo, transferencia o bizum). Sustituye lo marcado antes.',
        params: boardChildParams,
        body: paymentInputSchema,
        response: { 200: paymentSchema },
      },
    },
    (req) => service.setPayment(currentUser(req), req.params.id, req.params.childId, req.body),
  );

  r.delete(
    '/activities/:id/children/:childId/payment',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'Desmarca el pago de un educando. Sin pago marcado no hace nada.',
        params: boardChildParams,
      },
    },
    async (req, reply) => {
      await service.deletePayment(currentUser(req), req.params.id, req.params.childId);
      return reply.status(204).send();
    },
  );

  r.post(
    '/activities/:id/reminders',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Recordar a las familias pendientes: un correo a cada familia con un educando sin responder, uno por familia aunque tenga varios. Solo con la inscripción abierta (409 si no).',
        params: idParams,
        response: { 200: remindersResultSchema },
      },
    },
    (req) => service.remind(currentUser(req), req.params.id),
  );

  // The participants' exports: the same guard and headers, a CSV or a PDF.
  const exports = [
    {
      extension: 'csv',
      type: 'text/csv',
      contentType: 'text/csv; charset=utf-8',
      description:
        'Los participantes (los que van) en CSV para Excel: UTF-8 con BOM, separado por «;»; nombre, sección, autorización, pago y respuestas.',
      file: (viewer: UserRow, id: number) => service.csv(viewer, id),
    },
    {
      extension: 'pdf',
      type: 'application/pdf',
      contentType: 'application/pdf',
      description:
        'Los participantes (los que van) en un PDF A4 para imprimir: nombre, sección, autorización, pago y respuestas.',
      file: (viewer: UserRow, id: number) => service.pdf(viewer, id),
    },
  ] as const;
  for (const format of exports) {
    r.get(
      `/activities/:id/participants.${format.extension}`,
      {
        onRequest: manage,
        schema: {
          tags,
          description: format.description,
          params: idParams,
          produces: [format.type],
        },
      },
      async (req, reply) => {
        const file = await format.file(currentUser(req), req.params.id);
        return reply
          .header('content-type', format.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  }
}
