import {
  adultCertificateSchema,
  certificateInputSchema,
  certificatesListSchema,
  safeguardingSettingsInputSchema,
  safeguardingSettingsSchema,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { SafeguardingService } from './safeguarding.service.js';

/**
 * /api/safeguarding (admins, `safeguarding:manage`): the adults' certificados negativos and the
 * camp settings (children per adult, how often a certificado is renewed, how long health data is
 * kept after an activity).
 */
export async function safeguardingRoutes(app: FastifyInstance): Promise<void> {
  const service = new SafeguardingService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = requireCapability('safeguarding:manage');
  const tags = ['salvaguarda'];

  r.get(
    '/safeguarding/certificates',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Cada scouter y administrador con su último certificado negativo (fecha, quién lo comprobó, cuándo caduca y su estado): primero los que faltan y los caducados o por caducar.',
        response: { 200: certificatesListSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.certificates();
    },
  );

  r.post(
    '/safeguarding/certificates',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Registra que se ha visto el certificado negativo de un scouter o administrador (`user_id`) con fecha `issued_on` (AAAA-MM-DD, no posterior a hoy). No se guarda el certificado: solo su fecha y quién lo comprobó.',
        body: certificateInputSchema,
        response: { 201: adultCertificateSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.recordCertificate(currentUser(req), req.body)),
  );

  r.get(
    '/safeguarding/settings',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Los ajustes de las actividades: educandos por adulto, meses de validez del certificado, días que se guardan los datos de salud tras una actividad, y el delegado/a de protección.',
        response: { 200: safeguardingSettingsSchema },
      },
    },
    () => service.settings(),
  );

  r.put(
    '/safeguarding/settings',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Cambia `staff_ratio` (1–50), `certificate_renewal_months` (1–60) y `health_retention_days` (0–365); cada cambio queda en el registro de actividad.',
        body: safeguardingSettingsInputSchema,
        response: { 200: safeguardingSettingsSchema },
      },
    },
    (req) => service.setSettings(currentUser(req), req.body),
  );
}
