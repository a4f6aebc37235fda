import {
  albumFormSchema,
  albumMutationResultSchema,
  albumSchema,
  albumSectionsField,
  idParams,
  MSG,
  messageResponse,
  SERVER_ERRORS,
  sectionRefSchema,
} from '@fogata/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readImageForm, requiredImage, savingImageForm } from '../../media/image-form.js';
import { multipartRoutes } from '../../media/multipart.js';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { cachedRead } from '../../plugins/read-cache.js';
import { downloadGuard, downloadLink, sendAlbumZip } from './album-download.js';
import { AlbumsService } from './albums.service.js';

/**
 * Title and description from multipart (what the web app sends) or JSON (an edit without a new
 * cover), plus the `cover` file; `description` absent (or null) is left unchanged on an edit. A
 * problem answers with the first field's message; the field messages all go in `errors`.
 */
function readAlbumForm(req: FastifyRequest, reply: FastifyReply, coverRequired: boolean) {
  return readImageForm(req, reply, {
    schema: coverRequired ? albumCreateFormSchema : albumEditFormSchema,
    fields: coverRequired
      ? ['title', 'description', 'publish', 'sections']
      : ['title', 'description', 'sections'],
    fileField: 'cover',
    imageRequired: coverRequired ? MSG.albumCoverRequired : null,
    summarize: (errors) => errors[0]?.message ?? SERVER_ERRORS.validation,
  });
}

/** On an edit, `sections`: the audience (decision 054); absent, unchanged. */
const albumEditFormSchema = albumFormSchema.extend({ sections: albumSectionsField.optional() });

/**
 * On create, `publish` ('true' or 'false'; absent: ALBUMS_DRAFT_BY_DEFAULT decides) and
 * `sections` (absent or empty: the whole group).
 */
const albumCreateFormSchema = albumEditFormSchema.extend({
  publish: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
});

/** /api/albums: anyone signed in reads; scouters and admins create, edit and delete. */
export async function albumsRoutes(app: FastifyInstance): Promise<void> {
  const service = new AlbumsService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = requireCapability('gallery:view');
  const manage = requireCapability('content:manage');
  const review = requireCapability('gallery:review');
  const tags = ['álbumes'];

  r.get(
    '/albums',
    {
      ...cachedRead(true),
      onRequest: view,
      schema: {
        tags,
        description:
          'Todos los álbumes, los más recientes primero. `cover` y `cover_thumb` son URLs firmadas que caducan (12–24 h); los contadores suman los de sus fotos. Los borradores (`published: false`) y las fotos ocultas solo los ven scouters y admins. Un álbum de algunas secciones (`audience` no vacío) solo lo ven las familias con un educando activo en ellas, sus scouters y los admins; sus portadas llevan URLs de quien pregunta (`scope=u<id>`).',
        response: { 200: z.array(albumSchema) },
      },
    },
    (req, reply) => app.readCache.send(req, reply, true, () => service.list(currentUser(req))),
  );

  r.get(
    '/albums/audience-choices',
    {
      onRequest: manage,
      schema: {
        tags,
        description:
          'Las secciones a las que quien pregunta puede dirigir un álbum (los modales de crear y editar): para un admin, todas las que están en uso; para un scouter, las que tiene asignadas. Sin secciones elegidas, el álbum es de todo el grupo.',
        response: { 200: z.array(sectionRefSchema) },
      },
    },
    (req) => service.audienceChoices(currentUser(req)),
  );

  r.get(
    '/albums/:id',
    {
      onRequest: view,
      schema: {
        tags,
        description:
          'Un borrador es un 404 para quien no es scouter ni admin; un álbum de otras secciones, un 404 para quien no es de ellas (el mismo que el de un álbum que no existe). `audience`: las secciones a las que va dirigido; vacío, todo el grupo.',
        params: idParams,
        response: { 200: albumSchema },
      },
    },
    (req) => service.get(currentUser(req), req.params.id),
  );

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    r.post(
      `/albums/:id/${action}`,
      {
        onRequest: review,
        schema: {
          tags,
          description: published
            ? 'Publica un borrador: lo ven todos los miembros. Las fotos ocultas por una solicitud siguen ocultas.'
            : 'Vuelve a dejar el álbum como borrador: solo lo ven scouters y admins.',
          params: idParams,
          response: { 200: albumMutationResultSchema },
        },
      },
      (req) => service.setPublished(currentUser(req), req.params.id, published),
    );
  }

  // What reads multipart bodies, in a context of its own (decision 031).
  await multipartRoutes(app, (r) => {
    r.post(
      '/albums/newAlbum',
      {
        onRequest: manage,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description:
            'multipart: `title` (1–100), `description` (opcional, ≤ 1000), `cover` (imagen obligatoria: jpg, png, gif o webp, ≤ 25 MB), `publish` (`true`/`false`: `false` lo crea como borrador; sin el campo, publicado salvo con ALBUMS_DRAFT_BY_DEFAULT=1) y `sections` (ids de sección separados por comas; sin el campo o vacío, todo el grupo; un scouter solo las que tiene asignadas).',
          response: { 201: albumMutationResultSchema },
        },
      },
      async (req, reply) => {
        const result = await savingImageForm(readAlbumForm(req, reply, true), (form, image) =>
          service.create(currentUser(req), form, requiredImage(image, MSG.albumCoverRequired)),
        );
        return reply.status(201).send(result);
      },
    );

    r.put(
      '/albums/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          params: idParams,
          consumes: ['multipart/form-data', 'application/json'],
          description:
            'multipart: `title`, `description` (sin el campo: no cambia; vacío: se borra), `cover` (opcional: reemplaza la portada y borra la anterior) y `sections` (sin el campo: no cambia; vacío: todo el grupo). También JSON sin portada (`sections` como lista de ids).',
          response: { 200: albumMutationResultSchema },
        },
      },
      (req, reply) =>
        savingImageForm(readAlbumForm(req, reply, false), (form, image) =>
          service.update(currentUser(req), req.params.id, form, image),
        ),
    );
  });

  r.post(
    '/albums/:id/download-link',
    {
      onRequest: requireCapability('album:download'),
      schema: {
        tags,
        description:
          'Un enlace `{ url }` a la descarga del álbum que vale un minuto, para este usuario y este álbum: el navegador lo abre sin cabecera Authorization y descarga el ZIP por sí mismo. 404 si el álbum no existe o es un borrador que el usuario no ve.',
        params: idParams,
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    (req) => downloadLink(app.ctx, currentUser(req), req.params.id),
  );

  r.get(
    '/albums/:id/download',
    {
      onRequest: downloadGuard(requireCapability('album:download')),
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ token: z.string().optional() }),
        produces: ['application/zip'],
        description:
          'El álbum como ZIP (`Content-Disposition: attachment`, `<titulo>.zip`) con la copia de visualización de cada foto, sin metadatos, guardada sin comprimir: `<titulo>-001.webp`… en el orden del álbum (las más recientes primero). Las fotos ocultas nunca van; un borrador solo lo descargan scouters y admins (404 para los demás). Se genera mientras se envía, sin copia temporal y sin tamaño conocido de antemano.',
      },
    },
    (req, reply) => sendAlbumZip(app.ctx, currentUser(req), req.params.id, reply),
  );

  r.delete(
    '/albums/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        description: 'Borra el álbum con sus fotos, sus archivos, sus me gusta y sus comentarios.',
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    (req) => service.delete(currentUser(req), req.params.id),
  );
}
