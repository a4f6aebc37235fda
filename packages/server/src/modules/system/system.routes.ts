import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const configResponse = z.object({
  groupName: z.string(),
  groupAddress: z.string(),
  groupMapUrl: z.string().nullable(),
  oidc: z
    .object({
      issuer: z.string(),
      clientId: z.string(),
      authorizationEndpoint: z.string().nullable(),
    })
    .nullable(),
});

/** Health check and the public configuration the web app needs before anything else. */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app.ctx;
  const tags = ['sistema'];

  r.get(
    '/health',
    { schema: { tags, response: { 200: z.object({ status: z.literal('ok') }) } } },
    () => ({ status: 'ok' as const }),
  );

  r.get('/config', { schema: { tags, response: { 200: configResponse } } }, () => ({
    groupName: config.group.name,
    groupAddress: config.group.address,
    groupMapUrl: config.group.mapUrl,
    // External sign-in arrives in a later version: until the server can verify its tokens, the
    // web app must not offer the button, so this stays null even with OIDC_CLIENT_ID set.
    oidc: null,
  }));
}
