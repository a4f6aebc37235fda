import { AUDIT_TOTAL_HEADER, imageLedgerQuerySchema, imagePublicationSchema } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCapability } from '../../plugins/auth.js';
import { ImageLedgerService } from './image-ledger.service.js';

/** /api/image-ledger (admins): where the group's images have been published (decision 086). */
export async function imageLedgerRoutes(app: FastifyInstance): Promise<void> {
  const service = new ImageLedgerService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/image-ledger',
    {
      onRequest: requireCapability('settings:manage'),
      schema: {
        tags: ['ajustes'],
        description: `Dónde se han publicado las imágenes (noticias, experiencias, resúmenes por correo, descargas ZIP), más reciente primero, por páginas (page, limit ≤ 100; total en ${AUDIT_TOTAL_HEADER}). Con \`child\`, solo las imágenes en que aparece ese educando, y si su cara salió visible o difuminada.`,
        querystring: imageLedgerQuerySchema,
        response: { 200: z.array(imagePublicationSchema) },
      },
    },
    async (req, reply) => {
      const { entries, total } = await service.page(req.query);
      reply.header(AUDIT_TOTAL_HEADER, String(total));
      return entries;
    },
  );
}
