import { profileUpdateResponseSchema, profileUpdateSchema, userSchema } from '@fogata/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { readMultipart } from '../../lib/multipart.js';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { type ProfileChanges, ProfileService } from './profile.service.js';

/**
 * Reads `name` and the `avatar` file from multipart (what the web app sends), or `name` from a
 * JSON body. An empty file input (no file chosen) counts as no avatar.
 */
async function readProfileForm(req: FastifyRequest): Promise<ProfileChanges> {
  let rawName: unknown;
  let avatar: Buffer | undefined;
  if (req.isMultipart()) {
    await readMultipart(async () => {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          // Every file part must be read to the end, or the request never finishes.
          const data = await part.toBuffer();
          if (part.fieldname === 'avatar' && data.length > 0 && !avatar) avatar = data;
        } else if (part.fieldname === 'name') {
          rawName = part.value;
        }
      }
    });
  } else if (req.body && typeof req.body === 'object' && 'name' in req.body) {
    rawName = req.body.name;
  }
  const parsed = profileUpdateSchema.safeParse({ name: rawName });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({
      field: i.path.join('.'),
      message: i.message,
    }));
    throw new AppError(400, errors[0]?.message ?? '', errors);
  }
  return { name: parsed.data.name, avatar };
}

/** /api/profile/me: one's own profile. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const service = new ProfileService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireCapability('profile:edit');
  const tags = ['perfil'];

  r.get(
    '/profile/me',
    { onRequest: guard, schema: { tags, response: { 200: userSchema } } },
    (req) => service.me(currentUser(req)),
  );

  r.put(
    '/profile/me',
    {
      onRequest: guard,
      schema: {
        tags,
        consumes: ['multipart/form-data', 'application/json'],
        description: 'multipart: `name` (opcional) y `avatar` (imagen opcional, máx. 25 MB).',
        response: { 200: profileUpdateResponseSchema },
      },
    },
    async (req) => service.update(currentUser(req), await readProfileForm(req)),
  );
}
