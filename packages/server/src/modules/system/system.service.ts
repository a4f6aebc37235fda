import { z } from 'zod';
import type { AppContext } from '../../context.js';

export const configResponse = z.object({
  groupName: z.string(),
  groupAddress: z.string(),
  groupMapUrl: z.string().nullable(),
  /** Whether 'Publicar ahora' starts checked in the create-album modal (ALBUMS_DRAFT_BY_DEFAULT). */
  albumsPublishByDefault: z.boolean(),
  oidc: z
    .object({
      issuer: z.string(),
      clientId: z.string(),
      authorizationEndpoint: z.string().nullable(),
    })
    .nullable(),
});

/** GET /api/config's answer: the group's texts and whether external sign-in is on. The server's
 * render of a public page reads it too. */
export async function publicConfig({
  config,
  oidc,
}: AppContext): Promise<z.infer<typeof configResponse>> {
  return {
    groupName: config.group.name,
    groupAddress: config.group.address,
    groupMapUrl: config.group.mapUrl,
    albumsPublishByDefault: !config.albumsDraftByDefault,
    // The web app shows the external sign-in button only with a client id and a reachable
    // provider (authorizationEndpoint null: discovery failed, and is retried on the next call).
    oidc: oidc
      ? {
          issuer: oidc.issuer,
          clientId: oidc.clientId,
          authorizationEndpoint: await oidc.authorizationEndpoint(),
        }
      : null,
  };
}
