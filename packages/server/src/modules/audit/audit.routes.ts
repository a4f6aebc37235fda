import { AUDIT_TOTAL_HEADER, auditEntrySchema, auditQuerySchema } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCapability } from '../../plugins/auth.js';
import { AuditService } from './audit.service.js';

/** /api/admin/audit: the audit trail, read-only (there is no route that edits or deletes it). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const service = new AuditService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/audit',
    {
      onRequest: requireCapability('audit:view'),
      schema: {
        tags: ['auditoría'],
        description:
          'Registro de auditoría, más reciente primero, por páginas (page, limit ≤ 100). ' +
          `El total de entradas va en la cabecera ${AUDIT_TOTAL_HEADER}.`,
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema) },
      },
    },
    async (req, reply) => {
      const { entries, total } = await service.page(req.query);
      reply.header(AUDIT_TOTAL_HEADER, String(total));
      return entries;
    },
  );
}
