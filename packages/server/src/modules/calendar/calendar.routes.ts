import {
  calendarFeedResetSchema,
  calendarFeedsSchema,
  calendarFeedUrlSchema,
  idParams,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { CalendarService } from './calendar.service.js';

/** How often one address may read a feed: calendar apps poll every few minutes at most. */
const FEED_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

const ICS_TYPE = 'text/calendar; charset=utf-8';

/**
 * The calendar under /api: one activity's .ics («Añadir al calendario», whoever sees it) and the
 * viewer's private feeds (`activities:view`).
 */
export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const service = new CalendarService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = requireCapability('activities:view');
  const tags = ['actividades'];

  r.get(
    '/activities/:id/calendar.ics',
    {
      onRequest: view,
      schema: {
        tags,
        description:
          'Añadir al calendario: la actividad en un archivo .ics (hora de Madrid), para quien la ve.',
        params: idParams,
        produces: ['text/calendar'],
      },
    },
    async (req, reply) => {
      const file = await service.activityIcs(currentUser(req), req.params.id);
      return reply
        .header('content-type', ICS_TYPE)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  r.get(
    '/calendar-feeds',
    {
      onRequest: view,
      schema: {
        tags,
        description:
          'Tus calendarios privados: el de tu familia (las actividades de tus educandos; null sin educandos) y el de cada sección que gestionas. Direcciones completas para suscribirse.',
        response: { 200: calendarFeedsSchema },
      },
    },
    (req) => service.feeds(currentUser(req)),
  );

  r.post(
    '/calendar-feeds/reset',
    {
      onRequest: view,
      schema: {
        tags,
        description:
          'Cambia la dirección de tu calendario familiar o, con `section_id`, la de una sección que gestionas: la anterior deja de funcionar.',
        body: calendarFeedResetSchema,
        response: { 200: calendarFeedUrlSchema },
      },
    },
    (req) => service.reset(currentUser(req), req.body.section_id),
  );
}

/**
 * A private feed at `/calendar/<token>.ics`, outside /api: the URL is the key, no session; an
 * unknown or reset one is a 404. Rate-limited per address.
 */
export async function calendarFeedRoutes(app: FastifyInstance): Promise<void> {
  const service = new CalendarService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/calendar/:file',
    {
      config: { rateLimit: FEED_RATE_LIMIT },
      schema: {
        hide: true,
        params: z.object({ file: z.string() }),
      },
    },
    async (req, reply) => {
      const body = await service.feedIcs(req.params.file);
      return reply
        .header('content-type', ICS_TYPE)
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(body);
    },
  );
}
