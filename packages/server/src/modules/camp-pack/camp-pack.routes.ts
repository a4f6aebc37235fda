import { attendanceSyncSchema, idParams } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { CampPackService } from './camp-pack.service.js';

/**
 * The camp pack, its PDF and «Pasar lista», under /api/activities/{id}: `camp:staff`, and in the
 * service the camp rule (the pack: the activity's staff in its camp window, anyone else a 404;
 * the roll: its staff). The pack and its PDF carry health data: no browser or proxy cache keeps
 * them (`no-store`); the browser's offline copy is the web's own, wiped at `wipe_at`.
 */
export async function campPackRoutes(app: FastifyInstance): Promise<void> {
  const service = new CampPackService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = requireCapability('camp:staff');
  const tags = ['campamento'];

  r.get(
    '/activities/:id/camp-pack',
    {
      onRequest: staff,
      schema: {
        tags,
        description:
          'La copia para el campamento, para el equipo de la actividad desde dos días antes de que empiece hasta que termina: los educandos que van con su ficha sanitaria, sus contactos de emergencia, su autorización y su pago; los datos de emergencia del grupo; el equipo; la lista. `wipe_at`: cuándo debe borrarla el navegador (al terminar la actividad o a los 7 días). Cada ficha queda registrada como leída.',
        params: idParams,
      },
    },
    async (req, reply) => {
      const pack = await service.pack(currentUser(req), req.params.id);
      return reply.header('cache-control', 'no-store').send(pack);
    },
  );

  r.get(
    '/activities/:id/camp-pack.pdf',
    {
      onRequest: staff,
      schema: {
        tags,
        description:
          'La copia para el campamento en un PDF A4 para el botiquín, marcado «CONFIDENCIAL» en cada página. Se genera al pedirlo y no se guarda; cada ficha queda registrada como leída.',
        params: idParams,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const file = await service.pdf(currentUser(req), req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  r.get(
    '/activities/:id/attendance',
    {
      onRequest: staff,
      schema: {
        tags,
        description:
          'Pasar lista: cada marca de la actividad (educando, día, momento: salida, llegada o noche), la última hecha de cada casilla. Solo el equipo de la actividad.',
        params: idParams,
      },
    },
    async (req, reply) => {
      const marks = await service.attendance(currentUser(req), req.params.id);
      return reply.header('cache-control', 'no-store').send(marks);
    },
  );

  r.post(
    '/activities/:id/attendance',
    {
      onRequest: staff,
      schema: {
        tags,
        description:
          'Envía las marcas hechas (quizá sin conexión, horas antes), como mucho 500. En cada casilla gana la marca con el `marked_at` más reciente (a igualdad, la de quien tenga el número de cuenta mayor), así que reenviar o sincronizar tarde nunca duplica ni pierde una marca. Devuelve todas las marcas de la actividad. Solo el equipo; no en una actividad cancelada.',
        params: idParams,
        body: attendanceSyncSchema,
      },
    },
    async (req, reply) => {
      const marks = await service.syncAttendance(currentUser(req), req.params.id, req.body.marks);
      return reply.header('cache-control', 'no-store').send(marks);
    },
  );
}
