import {
  profileSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
  SERVER_ERRORS,
} from '@fogata/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readImageForm } from '../../media/image-form.js';
import { multipartRoutes } from '../../media/multipart.js';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { ProfileService } from './profile.service.js';

/**
 * Reads `name` and the `avatar` file from multipart (what the web app sends), or `name` from a
 * JSON body. The avatar is streamed to a temp file like any upload, never held in memory: one file
 * part at most (a second one is a 400), a file in another field is read to the end and dropped,
 * and the whole body is bounded. An empty file input (no file chosen) counts as no avatar.
 */
async function readProfileForm(req: FastifyRequest, reply: FastifyReply) {
  const { form, image, cleanup } = await readImageForm(req, reply, {
    schema: profileUpdateSchema,
    fields: ['name', 'digest'],
    fileField: 'avatar',
    imageRequired: null,
    summarize: (errors) => errors[0]?.message ?? SERVER_ERRORS.validation,
  });
  return {
    name: form.name,
    digest: form.digest,
    avatar: image && image.size > 0 ? image : undefined,
    cleanup,
  };
}

/** /api/profile/me: one's own profile. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const service = new ProfileService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireCapability('profile:edit');
  const tags = ['perfil'];

  r.get(
    '/profile/me',
    { onRequest: guard, schema: { tags, response: { 200: profileSchema } } },
    (req) => service.me(currentUser(req)),
  );

  // What reads multipart bodies, in a context of its own (decision 031).
  await multipartRoutes(app, (r) => {
    r.put(
      '/profile/me',
      {
        onRequest: guard,
        schema: {
          tags,
          consumes: ['multipart/form-data', 'application/json'],
          description:
            'multipart: `name` (opcional), `digest` (opcional: daily, weekly o never) y `avatar` (imagen opcional: jpg, png, gif o webp, ≤ 25 MB; un solo archivo). También JSON con `name` y `digest`.',
          response: { 200: profileUpdateResponseSchema },
        },
      },
      async (req, reply) => {
        const { cleanup, ...changes } = await readProfileForm(req, reply);
        // Awaited here, so the temp file is gone before the answer is sent.
        try {
          return await service.update(currentUser(req), changes);
        } finally {
          await cleanup();
        }
      },
    );
  });
}
