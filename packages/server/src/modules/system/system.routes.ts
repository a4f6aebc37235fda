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
  const { config, oidc } = app.ctx;
  const tags = ['sistema'];

  r.get(
    '/health',
    { schema: { tags, response: { 200: z.object({ status: z.literal('ok') }) } } },
    () => ({ status: 'ok' as const }),
  );

  r.get('/config', { schema: { tags, response: { 200: configResponse } } }, async () => ({
    groupName: config.group.name,
    groupAddress: config.group.address,
    groupMapUrl: config.group.mapUrl,
    // The web app shows the external sign-in button only with a client id and a reachable
    // provider (authorizationEndpoint null: discovery failed, and is retried on the next call).
    oidc: oidc
      ? {
          issuer: oidc.issuer,
          clientId: oidc.clientId,
          authorizationEndpoint: await oidc.authorizationEndpoint(),
        }
      : null,
  }));
}
