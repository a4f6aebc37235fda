import {
  AUDIT_TOTAL_HEADER,
  consentPreviewAlbumSchema,
  consentPreviewTotalsSchema,
  groupSettingsPatchSchema,
  groupSettingsResultSchema,
  groupSettingsSchema,
  imagePagingQuerySchema,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { SettingsService } from './settings.service.js';

/**
 * /api/settings (admins, `settings:manage`): the group's settings — 'Aplicar el consentimiento de
 * imagen', 'Publicar solo álbumes revisados' — and the preview of what applying consent would blur.
 */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const service = new SettingsService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = requireCapability('settings:manage');
  const tags = ['ajustes'];

  r.get(
    '/settings',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'Los ajustes del grupo.',
        response: { 200: groupSettingsSchema },
      },
    },
    () => service.get(),
  );

  r.patch(
    '/settings',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Cambia los ajustes indicados (`image_consent_enforced`, `publish_only_reviewed`: verdadero o falso). Cada cambio queda en el registro de actividad.',
        body: groupSettingsPatchSchema,
        response: { 200: groupSettingsResultSchema },
      },
    },
    (req) => service.update(currentUser(req), req.body),
  );

  r.get(
    '/settings/consent-preview',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Cuántas caras se difuminarían al aplicar el consentimiento de imagen, para un miembro sin educandos: en las fotos de todos los álbumes y en las imágenes públicas.',
        response: { 200: consentPreviewTotalsSchema },
      },
    },
    () => service.previewTotals(),
  );

  r.get(
    '/settings/consent-preview/albums',
    {
      onRequest: manage,
      schema: {
        tags,
        description: `Lo mismo, álbum por álbum (más recientes primero), por páginas (page, limit ≤ 100); el total en ${AUDIT_TOTAL_HEADER}.`,
        querystring: imagePagingQuerySchema,
        response: { 200: z.array(consentPreviewAlbumSchema) },
      },
    },
    async (req, reply) => {
      const { albums, total } = await service.previewAlbums(req.query.page, req.query.limit);
      reply.header(AUDIT_TOTAL_HEADER, String(total));
      return albums;
    },
  );
}
