import {
  FACE_REVIEW_TOTAL_HEADER,
  faceChildSchema,
  faceReviewImageSchema,
  faceReviewQuerySchema,
  faceReviewSchema,
  faceScanProgressSchema,
  faceSearchedSchema,
  idParams,
  messageResponse,
  newFaceSchema,
  reviewFaceSchema,
  SERVER_SUCCESS,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireCapability } from '../../plugins/auth.js';
import { FacesService } from './faces.service.js';

/** The faces' calls: Revisar caras for managers, the scan's progress for admins. */
export async function facesRoutes(app: FastifyInstance): Promise<void> {
  const service = new FacesService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const review = requireCapability('faces:review');
  const settings = requireCapability('settings:manage');
  const tags = ['caras'];

  r.get(
    '/albums/:id/faces',
    {
      onRequest: review,
      schema: {
        tags,
        description:
          'Revisar caras de un álbum (scouters y admins que lo ven): la portada y después las fotos, en el orden en que se subieron, cada una con sus caras (recuadros en fracciones de la imagen; la de un educando que el scouter no gestiona, sin nombre y con `changeable` falso). Por páginas (page, limit ≤ 100); el total de imágenes va en la cabecera ' +
          `${FACE_REVIEW_TOTAL_HEADER}.`,
        params: idParams,
        querystring: faceReviewQuerySchema,
        response: { 200: z.array(faceReviewImageSchema) },
      },
    },
    async (req, reply) => {
      const { images, total } = await service.albumImages(
        currentUser(req),
        req.params.id,
        req.query,
      );
      reply.header(FACE_REVIEW_TOTAL_HEADER, String(total));
      return images;
    },
  );

  r.get(
    '/albums/:id/faces/children',
    {
      onRequest: review,
      schema: {
        tags,
        description:
          'Los educandos a los que se puede asignar una cara del álbum: los activos de sus secciones (todos si es de todo el grupo); un scouter, solo los de sus secciones.',
        params: idParams,
        response: { 200: z.array(faceChildSchema) },
      },
    },
    (req) => service.children(currentUser(req), req.params.id),
  );

  for (const kind of ['news', 'experience'] as const) {
    const path = kind === 'news' ? '/news/:id' : '/experiences/:id';
    r.get(
      `${path}/faces`,
      {
        onRequest: review,
        schema: {
          tags,
          description: `Revisar caras de la imagen de ${kind === 'news' ? 'una noticia' : 'una experiencia'} (una lista de una imagen con sus caras).`,
          params: idParams,
          response: { 200: z.array(faceReviewImageSchema) },
        },
      },
      (req) => service.publicImage(currentUser(req), kind, req.params.id),
    );
    r.get(
      `${path}/faces/children`,
      {
        onRequest: review,
        schema: {
          tags,
          description:
            'Los educandos a los que se puede asignar una cara de la imagen: todos los activos (un scouter, los de sus secciones).',
          params: idParams,
          response: { 200: z.array(faceChildSchema) },
        },
      },
      async (req) => {
        await service.publicImage(currentUser(req), kind, req.params.id);
        return service.children(currentUser(req), null);
      },
    );
  }

  r.patch(
    '/faces/:id',
    {
      onRequest: review,
      schema: {
        tags,
        description:
          'Marca una cara: `child` con `child_id` (un educando que se puede asignar en esa imagen), `adult`, `not_face`, o `pending` para volver a revisarla. La cara de un educando que el scouter no gestiona no es suya de cambiar (403), ni aquí ni al borrarla o dejar de difuminarla.',
        params: idParams,
        body: faceReviewSchema,
        response: { 200: reviewFaceSchema },
      },
    },
    (req) => service.review(currentUser(req), req.params.id, req.body),
  );

  r.post(
    '/faces',
    {
      onRequest: review,
      schema: {
        tags,
        description:
          'Dibuja un recuadro para una cara que no se detectó: `image` (photo, album —su portada—, news o experience, y su id) y `box` en fracciones de la imagen (0–1, dentro de ella).',
        body: newFaceSchema,
        response: { 201: reviewFaceSchema },
      },
    },
    async (req, reply) => {
      const face = await service.draw(currentUser(req), req.body);
      return reply.code(201).send(face);
    },
  );

  r.delete(
    '/faces/:id',
    {
      onRequest: review,
      schema: {
        tags,
        description:
          'Borra un recuadro dibujado a mano; una cara detectada no se borra (409): se marca como «No es una cara».',
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    async (req) => {
      await service.remove(currentUser(req), req.params.id);
      return { message: SERVER_SUCCESS.faceDeleted };
    },
  );

  r.post(
    '/faces/searched',
    {
      onRequest: review,
      schema: {
        tags,
        description:
          'Marca como revisada a mano una imagen en la que no se pudieron buscar caras (`searched: false`): tras dibujar las caras que tenga, deja de mostrarse difuminada entera. En una imagen ya revisada no cambia nada.',
        body: faceSearchedSchema,
        response: { 200: messageResponse },
      },
    },
    async (req) => {
      await service.markSearched(currentUser(req), req.body);
      return { message: SERVER_SUCCESS.imageSearched };
    },
  );

  r.delete(
    '/faces/:id/blur',
    {
      onRequest: review,
      schema: {
        tags,
        description:
          'Dejar de difuminar: retira la petición de la familia de difuminar esta cara (cuando la familia cambia de opinión). La cara vuelve a verse solo donde el consentimiento lo permite.',
        params: idParams,
        response: { 200: reviewFaceSchema },
      },
    },
    (req) => service.unblur(currentUser(req), req.params.id),
  );

  r.get(
    '/faces/scan-progress',
    {
      onRequest: settings,
      schema: {
        tags,
        description:
          'Progreso de la búsqueda de caras en segundo plano (admins): imágenes guardadas en total y las que quedan por mirar.',
        response: { 200: faceScanProgressSchema },
      },
    },
    () => service.scanProgress(),
  );
}
