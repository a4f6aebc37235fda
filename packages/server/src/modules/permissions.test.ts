import { createHash } from 'node:crypto';
import {
  type Actor,
  CAMP_ERRORS,
  type Capability,
  can,
  fillAuthorizationText,
  ROLES,
  SERVER_ERRORS,
} from '@fogata/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newLinkToken, nowIso } from '../lib/tokens.js';
import {
  activityInput,
  addSignup,
  createActivity,
  insertActivity,
} from '../test/activity-factories.js';
import { insertSignature } from '../test/authorization-factories.js';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { addFace } from '../test/consent-factories.js';
import { createExperience, createNews } from '../test/content-factories.js';
import { createInvitation, createUser, PASSWORD, type TestUser } from '../test/factories.js';
import {
  assignScouter,
  createChild,
  createSection,
  linkGuardian,
  sectionId,
  setAudience,
} from '../test/family-factories.js';
import {
  createAlbum,
  createComment,
  createLike,
  createPhoto,
  hideOnRequest,
} from '../test/gallery-factories.js';
import { addStaff, healthInput, insertHealth } from '../test/health-factories.js';
import { multipart, pngImage } from '../test/images.js';
import { createMonitor } from '../test/monitor-factories.js';

/**
 * Every endpoint × anonymous/usuario/scouter/admin, with the expected answer read from the shared
 * permissions table: 401 for anonymous on a guarded call, 403 for a role without the capability,
 * the endpoint's success status otherwise.
 */
interface Endpoint {
  name: string;
  /** null: open to everyone. */
  capability: Capability | null;
  success: number;
  /**
   * Builds a valid request (fresh targets each time, so every call can succeed); `actor` is the
   * signed-in user who will send it (none for anonymous).
   */
  request(t: TestApp, actor?: TestUser): Promise<InjectOptions>;
}

/** A photo in a fresh album, for the gallery rows. */
async function newPhoto(t: TestApp) {
  return createPhoto(t.app, (await createAlbum(t.app)).id);
}

/** A pending removal request on a fresh photo, hidden as a member's request leaves it. */
async function pendingRemovalRequest(t: TestApp): Promise<number> {
  const album = await createAlbum(t.app);
  const photo = await createPhoto(t.app, album.id);
  // A scouter sees the requests of the albums they see.
  return hideOnRequest(t.app, album.id, photo.id);
}

/**
 * The rows of a public content type with likes and comments (news, experiences): reading is
 * open to everyone, managing is `content:manage`, liking and commenting `interact`.
 */
function contentEndpoints(
  path: 'news' | 'experiences',
  targetType: 'news' | 'experience',
  create: (t: TestApp) => Promise<{ id: number }>,
  fields: Record<string, string>,
): Endpoint[] {
  const base = `/api/${path}`;
  const item = async (t: TestApp) => `${base}/${(await create(t)).id}`;
  return [
    {
      name: `GET ${base}`,
      capability: 'content:browse',
      success: 200,
      request: async () => ({ url: base }),
    },
    {
      name: `GET ${base}/:id`,
      capability: 'content:browse',
      success: 200,
      request: async (t) => ({ url: await item(t) }),
    },
    {
      name: `POST ${base}`,
      capability: 'content:manage',
      success: 201,
      request: async () => {
        const body = multipart(fields, [
          { field: 'image', filename: 'i.png', type: 'image/png', data: await pngImage(30, 20) },
        ]);
        return { method: 'POST', url: base, headers: body.headers, payload: body.payload };
      },
    },
    {
      name: `PUT ${base}/:id`,
      capability: 'content:manage',
      success: 200,
      request: async (t) => {
        const body = multipart(fields);
        return { method: 'PUT', url: await item(t), headers: body.headers, payload: body.payload };
      },
    },
    {
      name: `DELETE ${base}/:id`,
      capability: 'content:manage',
      success: 200,
      request: async (t) => ({ method: 'DELETE', url: await item(t) }),
    },
    {
      name: `POST ${base}/:id/like`,
      capability: 'interact',
      success: 201,
      request: async (t) => ({ method: 'POST', url: `${await item(t)}/like` }),
    },
    {
      name: `DELETE ${base}/:id/like`,
      capability: 'interact',
      success: 200,
      request: async (t, actor) => {
        const target = await create(t);
        if (actor) await createLike(t.app, targetType, target.id, actor.row.id);
        return { method: 'DELETE', url: `${base}/${target.id}/like` };
      },
    },
    {
      name: `GET ${base}/:id/comments`,
      capability: 'content:browse',
      success: 200,
      request: async (t) => ({ url: `${await item(t)}/comments` }),
    },
    {
      name: `POST ${base}/:id/comments`,
      capability: 'interact',
      success: 201,
      request: async (t) => ({
        method: 'POST',
        url: `${await item(t)}/comments`,
        payload: { comment_text: '¡Qué bien!' },
      }),
    },
    {
      name: `DELETE ${base}/:id/comments/:commentId (own)`,
      capability: 'comment:delete:own',
      success: 200,
      request: async (t, actor) => {
        const target = await create(t);
        const author = actor ?? (await createUser(t.app));
        const comment = await createComment(t.app, targetType, target.id, author.row.id);
        return { method: 'DELETE', url: `${base}/${target.id}/comments/${comment}` };
      },
    },
  ];
}

/**
 * A fresh child in a fresh section; a scouter sending the request is assigned to that section, so
 * the call can succeed for every role that holds the capability (others' are 404: children.test.ts).
 */
async function managedChild(t: TestApp, actor?: TestUser): Promise<number> {
  const section = await createSection(t.app);
  if (actor?.row.role === 'scouter') await assignScouter(t.app, actor.row.id, [section]);
  return createChild(t.app, { sectionId: section });
}

/** The rows of sections and children (decisions 140, 047, 048). */
const familyEndpoints: Endpoint[] = [
  {
    name: 'GET /api/sections',
    capability: null,
    success: 200,
    request: async () => ({ url: '/api/sections' }),
  },
  {
    name: 'GET /api/sections?all=1',
    capability: 'sections:manage',
    success: 200,
    request: async () => ({ url: '/api/sections?all=1' }),
  },
  {
    name: 'POST /api/sections',
    capability: 'sections:manage',
    success: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/sections',
      payload: { name: `Sección ${Math.random()}`, min_age: 6, max_age: 8, colour: '#123456' },
    }),
  },
  {
    name: 'PUT /api/sections/:id',
    capability: 'sections:manage',
    success: 200,
    request: async (t) => ({
      method: 'PUT',
      url: `/api/sections/${await createSection(t.app)}`,
      payload: { retired: true },
    }),
  },
  {
    name: 'GET /api/sections/:id/scouters',
    capability: 'sections:manage',
    success: 200,
    request: async (t) => ({ url: `/api/sections/${await createSection(t.app)}/scouters` }),
  },
  {
    name: 'PUT /api/sections/:id/scouters',
    capability: 'sections:manage',
    success: 200,
    request: async (t) => ({
      method: 'PUT',
      url: `/api/sections/${await createSection(t.app)}/scouters`,
      payload: { user_ids: [(await createUser(t.app, { role: 'scouter' })).row.id] },
    }),
  },
  {
    name: 'GET /api/children',
    capability: 'children:manage',
    success: 200,
    request: async () => ({ url: '/api/children?q=ana&limit=10' }),
  },
  {
    name: 'POST /api/children',
    capability: 'children:manage',
    success: 201,
    request: async (t, actor) => {
      const section = await createSection(t.app);
      if (actor?.row.role === 'scouter') await assignScouter(t.app, actor.row.id, [section]);
      return {
        method: 'POST',
        url: '/api/children',
        payload: { full_name: 'Nuevo Educando', birth_date: '2015-05-05', section_id: section },
      };
    },
  },
  {
    name: 'GET /api/children/:id',
    capability: 'children:manage',
    success: 200,
    request: async (t, actor) => ({ url: `/api/children/${await managedChild(t, actor)}` }),
  },
  {
    name: 'PUT /api/children/:id',
    capability: 'children:manage',
    success: 200,
    request: async (t, actor) => ({
      method: 'PUT',
      url: `/api/children/${await managedChild(t, actor)}`,
      payload: { full_name: 'Otro Nombre' },
    }),
  },
  {
    name: 'PUT /api/children/:id/guardians/:userId',
    capability: 'children:manage',
    success: 200,
    request: async (t, actor) => ({
      method: 'PUT',
      url: `/api/children/${await managedChild(t, actor)}/guardians/${(await createUser(t.app)).row.id}`,
    }),
  },
  {
    name: 'DELETE /api/children/:id/guardians/:userId',
    capability: 'children:manage',
    success: 200,
    request: async (t, actor) => ({
      method: 'DELETE',
      url: `/api/children/${await managedChild(t, actor)}/guardians/${(await createUser(t.app)).row.id}`,
    }),
  },
  {
    name: 'GET /api/children/sections',
    capability: 'children:manage',
    success: 200,
    request: async () => ({ url: '/api/children/sections' }),
  },
  {
    name: 'GET /api/children/accounts',
    capability: 'children:manage',
    success: 200,
    request: async () => ({ url: '/api/children/accounts?q=persona' }),
  },
  {
    name: 'GET /api/children/promotion',
    capability: 'children:promote',
    success: 200,
    request: async () => ({ url: '/api/children/promotion?date=2026-09-01' }),
  },
  {
    name: 'POST /api/children/promotion',
    capability: 'children:promote',
    success: 200,
    request: async (t) => {
      const child = await createChild(t.app, { sectionId: await sectionId(t.app, 'Manada') });
      return {
        method: 'POST',
        url: '/api/children/promotion',
        payload: { moves: [{ child_id: child, section_id: await sectionId(t.app, 'Tropa') }] },
      };
    },
  },
  {
    name: 'GET /api/profile/children',
    capability: 'children:own',
    success: 200,
    request: async () => ({ url: '/api/profile/children' }),
  },
];

const FACE_BOX = { x: 0.1, y: 0.1, width: 0.2, height: 0.2 };

/** Revisar caras (`faces:review`) and the background scan's progress (admins). */
const faceEndpoints: Endpoint[] = [
  {
    name: 'GET /api/albums/:id/faces',
    capability: 'faces:review',
    success: 200,
    request: async (t) => ({ url: `/api/albums/${(await createAlbum(t.app)).id}/faces` }),
  },
  {
    name: 'GET /api/albums/:id/faces/children',
    capability: 'faces:review',
    success: 200,
    request: async (t) => ({ url: `/api/albums/${(await createAlbum(t.app)).id}/faces/children` }),
  },
  {
    name: 'GET /api/news/:id/faces',
    capability: 'faces:review',
    success: 200,
    request: async (t) => ({ url: `/api/news/${(await createNews(t.app)).id}/faces` }),
  },
  {
    name: 'GET /api/news/:id/faces/children',
    capability: 'faces:review',
    success: 200,
    request: async (t) => ({ url: `/api/news/${(await createNews(t.app)).id}/faces/children` }),
  },
  {
    name: 'GET /api/experiences/:id/faces',
    capability: 'faces:review',
    success: 200,
    request: async (t) => ({ url: `/api/experiences/${(await createExperience(t.app)).id}/faces` }),
  },
  {
    name: 'GET /api/experiences/:id/faces/children',
    capability: 'faces:review',
    success: 200,
    request: async (t) => ({
      url: `/api/experiences/${(await createExperience(t.app)).id}/faces/children`,
    }),
  },
  {
    name: 'PATCH /api/faces/:id',
    capability: 'faces:review',
    success: 200,
    request: async (t) => {
      const face = await addFace(t.app, { albumId: (await createAlbum(t.app)).id }, FACE_BOX);
      return { method: 'PATCH', url: `/api/faces/${face}`, payload: { status: 'adult' } };
    },
  },
  {
    name: 'POST /api/faces',
    capability: 'faces:review',
    success: 201,
    request: async (t) => ({
      method: 'POST',
      url: '/api/faces',
      payload: { image: { kind: 'album', id: (await createAlbum(t.app)).id }, box: FACE_BOX },
    }),
  },
  {
    name: 'DELETE /api/faces/:id',
    capability: 'faces:review',
    success: 200,
    request: async (t) => {
      const album = await createAlbum(t.app);
      const face = await addFace(t.app, { albumId: album.id }, FACE_BOX, { source: 'manual' });
      return { method: 'DELETE', url: `/api/faces/${face}` };
    },
  },
  {
    name: 'POST /api/faces/searched',
    capability: 'faces:review',
    success: 200,
    request: async (t) => ({
      method: 'POST',
      url: '/api/faces/searched',
      payload: { image: { kind: 'album', id: (await createAlbum(t.app)).id } },
    }),
  },
  {
    name: 'DELETE /api/faces/:id/blur',
    capability: 'faces:review',
    success: 200,
    request: async (t) => {
      // A face a family asked to blur (decision 073).
      const photo = await newPhoto(t);
      const face = await addFace(t.app, { photoId: photo.id }, FACE_BOX);
      await t.app.ctx.db.kysely
        .updateTable('faces')
        .set({ blur_requested_at: nowIso() })
        .where('id', '=', face)
        .execute();
      return { method: 'DELETE', url: `/api/faces/${face}/blur` };
    },
  },
  {
    name: 'GET /api/faces/scan-progress',
    capability: 'settings:manage',
    success: 200,
    request: async () => ({ url: '/api/faces/scan-progress' }),
  },
];

/**
 * The consent register and 'Fotos de mi educando' (decisions 070–074). A guardian acts
 * on their own child (the actor is linked); a scouter on a child of a section they are assigned.
 */
async function consentChild(t: TestApp, actor?: TestUser): Promise<number> {
  const section = await createSection(t.app);
  const child = await createChild(t.app, { sectionId: section, birthDate: '2016-04-04' });
  if (actor) {
    await linkGuardian(t.app, actor.row.id, child);
    if (actor.row.role === 'scouter') await assignScouter(t.app, actor.row.id, [section]);
  }
  return child;
}

async function consentSection(t: TestApp, actor?: TestUser): Promise<number> {
  const section = await createSection(t.app);
  if (actor?.row.role === 'scouter') await assignScouter(t.app, actor.row.id, [section]);
  return section;
}

const consentEndpoints: Endpoint[] = [
  {
    name: 'GET /api/profile/children/:id/consents',
    capability: 'children:own',
    success: 200,
    request: async (t, actor) => ({
      url: `/api/profile/children/${await consentChild(t, actor)}/consents`,
    }),
  },
  {
    name: 'PUT /api/profile/children/:id/consents',
    capability: 'children:own',
    success: 200,
    request: async (t, actor) => ({
      method: 'PUT',
      url: `/api/profile/children/${await consentChild(t, actor)}/consents`,
      payload: { purpose: 'gallery', granted: true },
    }),
  },
  {
    name: 'GET /api/profile/children/:id/photos',
    capability: 'children:own',
    success: 200,
    request: async (t, actor) => ({
      url: `/api/profile/children/${await consentChild(t, actor)}/photos`,
    }),
  },
  {
    name: 'POST /api/profile/children/:id/photos/:photoId/blur',
    capability: 'children:own',
    success: 200,
    request: async (t, actor) => {
      const child = await consentChild(t, actor);
      const photo = await newPhoto(t);
      await addFace(
        t.app,
        { photoId: photo.id },
        { x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
        {
          childId: child,
        },
      );
      return { method: 'POST', url: `/api/profile/children/${child}/photos/${photo.id}/blur` };
    },
  },
  {
    name: 'DELETE /api/profile/children/:id/photos/:photoId/blur',
    capability: 'children:own',
    success: 200,
    request: async (t, actor) => {
      const child = await consentChild(t, actor);
      const photo = await newPhoto(t);
      const face = await addFace(t.app, { photoId: photo.id }, FACE_BOX, { childId: child });
      await t.app.ctx.db.kysely
        .updateTable('faces')
        .set({ blur_requested_at: nowIso() })
        .where('id', '=', face)
        .execute();
      return { method: 'DELETE', url: `/api/profile/children/${child}/photos/${photo.id}/blur` };
    },
  },
  {
    name: 'GET /api/children/:id/consents',
    capability: 'consent:record',
    success: 200,
    request: async (t, actor) => ({
      url: `/api/children/${await consentChild(t, actor)}/consents`,
    }),
  },
  {
    name: 'POST /api/children/:id/consents',
    capability: 'consent:record',
    success: 201,
    request: async (t, actor) => ({
      method: 'POST',
      url: `/api/children/${await consentChild(t, actor)}/consents`,
      payload: { purpose: 'web', granted: true, given_by: 'paper', note: 'Hoja firmada el 3/10' },
    }),
  },
  {
    name: 'GET /api/consents/texts',
    capability: 'consent:text',
    success: 200,
    request: async () => ({ url: '/api/consents/texts' }),
  },
  {
    name: 'POST /api/consents/texts',
    capability: 'consent:text',
    success: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/consents/texts',
      payload: { body: 'Texto del consentimiento, nueva versión.' },
    }),
  },
  {
    name: 'GET /api/consents/register',
    capability: 'consent:record',
    success: 200,
    request: async (t, actor) => ({
      url: `/api/consents/register?section=${await consentSection(t, actor)}`,
    }),
  },
  {
    name: 'GET /api/consents/register.csv',
    capability: 'consent:record',
    success: 200,
    request: async (t, actor) => ({
      url: `/api/consents/register.csv?section=${await consentSection(t, actor)}`,
    }),
  },
];

/**
 * Activities: the board, payments, reminders and exports (`activities:manage`, on an activity of
 * the whole group, which every scouter manages), and the calendar (`activities:view`; the feed's
 * URL is its own key).
 */
async function wholeGroupActivity(t: TestApp, actor?: TestUser) {
  const child = await createChild(t.app, { guardians: actor ? [actor.row.id] : [] });
  return { activity: (await insertActivity(t.app)).id, child };
}

const activityBoardEndpoints: Endpoint[] = [
  {
    name: 'GET /api/activities/:id/board',
    capability: 'activities:manage',
    success: 200,
    request: async (t) => ({
      url: `/api/activities/${(await wholeGroupActivity(t)).activity}/board`,
    }),
  },
  {
    name: 'PUT /api/activities/:id/children/:childId/payment',
    capability: 'activities:manage',
    success: 200,
    request: async (t) => {
      const { activity, child } = await wholeGroupActivity(t);
      return {
        method: 'PUT',
        url: `/api/activities/${activity}/children/${child}/payment`,
        payload: { amount_cents: 1500, method: 'efectivo' },
      };
    },
  },
  {
    name: 'DELETE /api/activities/:id/children/:childId/payment',
    capability: 'activities:manage',
    success: 204,
    request: async (t) => {
      const { activity, child } = await wholeGroupActivity(t);
      return { method: 'DELETE', url: `/api/activities/${activity}/children/${child}/payment` };
    },
  },
  {
    name: 'POST /api/activities/:id/reminders',
    capability: 'activities:manage',
    success: 200,
    request: async (t) => ({
      method: 'POST',
      url: `/api/activities/${(await wholeGroupActivity(t)).activity}/reminders`,
    }),
  },
  {
    name: 'GET /api/activities/:id/participants.csv',
    capability: 'activities:manage',
    success: 200,
    request: async (t) => ({
      url: `/api/activities/${(await wholeGroupActivity(t)).activity}/participants.csv`,
    }),
  },
  {
    name: 'GET /api/activities/:id/participants.pdf',
    capability: 'activities:manage',
    success: 200,
    request: async (t) => ({
      url: `/api/activities/${(await wholeGroupActivity(t)).activity}/participants.pdf`,
    }),
  },
  {
    name: 'GET /api/activities/:id/calendar.ics',
    capability: 'activities:view',
    success: 200,
    // A family sees it through their child; a scouter and an admin manage it.
    request: async (t, actor) => ({
      url: `/api/activities/${(await wholeGroupActivity(t, actor)).activity}/calendar.ics`,
    }),
  },
  {
    name: 'GET /api/calendar-feeds',
    capability: 'activities:view',
    success: 200,
    request: async () => ({ url: '/api/calendar-feeds' }),
  },
  {
    name: 'POST /api/calendar-feeds/reset',
    capability: 'activities:view',
    success: 200,
    request: async () => ({ method: 'POST', url: '/api/calendar-feeds/reset', payload: {} }),
  },
  {
    name: 'GET /calendar/:token.ics',
    capability: null,
    success: 200,
    request: async (t) => {
      const family = await createUser(t.app);
      await createChild(t.app, { guardians: [family.row.id] });
      const feeds = await t.app.inject({ url: '/api/calendar-feeds', headers: family.headers });
      return { url: new URL(feeds.json<{ family: string }>().family).pathname };
    },
  },
];

const endpoints: Endpoint[] = [
  {
    name: 'GET /api/health',
    capability: null,
    success: 200,
    request: async () => ({ url: '/api/health' }),
  },
  {
    name: 'GET /api/config',
    capability: null,
    success: 200,
    request: async () => ({ url: '/api/config' }),
  },
  {
    name: 'POST /api/auth/login',
    capability: null,
    success: 200,
    request: async (t) => {
      const u = await createUser(t.app);
      return {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.email, password: PASSWORD },
      };
    },
  },
  {
    name: 'POST /api/auth/forgot-password',
    capability: null,
    success: 200,
    request: async () => ({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'alguien@example.org' },
    }),
  },
  {
    name: 'POST /api/auth/reset-password',
    capability: null,
    success: 200,
    request: async (t) => {
      const u = await createUser(t.app);
      const token = newLinkToken();
      await t.app.ctx.db.kysely
        .insertInto('password_resets')
        .values({
          user_id: u.row.id,
          token_hash: hashToken(token),
          expires_at: new Date(Date.now() + 60_000).toISOString(),
          created_at: nowIso(),
        })
        .execute();
      return {
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'nueva-clave-123' },
      };
    },
  },
  {
    name: 'POST /api/auth/register-invited',
    capability: null,
    success: 201,
    request: async (t) => {
      const inv = await createInvitation(t.app);
      return {
        method: 'POST',
        url: '/api/auth/register-invited',
        payload: { token: inv.token, name: 'Nuevo', password: 'nueva-clave-123' },
      };
    },
  },
  {
    name: 'GET /api/auth/google/nonce',
    capability: null,
    success: 200,
    request: async () => ({ url: '/api/auth/google/nonce' }),
  },
  {
    name: 'GET /api/invitations/verify/:token',
    capability: null,
    success: 200,
    request: async (t) => ({
      url: `/api/invitations/verify/${(await createInvitation(t.app)).token}`,
    }),
  },
  {
    name: 'POST /api/invitations',
    capability: 'admin:panel',
    success: 200,
    request: async () => ({
      method: 'POST',
      url: '/api/invitations',
      payload: { invitations: [{ email: `inv.${Math.random()}@example.org`, role: 'usuario' }] },
    }),
  },
  {
    name: 'GET /api/invitations',
    capability: 'admin:panel',
    success: 200,
    request: async () => ({ url: '/api/invitations' }),
  },
  {
    name: 'POST /api/invitations/:id/resend',
    capability: 'admin:panel',
    success: 200,
    request: async (t) => ({
      method: 'POST',
      url: `/api/invitations/${(await createInvitation(t.app)).id}/resend`,
    }),
  },
  {
    name: 'DELETE /api/invitations/:id',
    capability: 'admin:panel',
    success: 200,
    request: async (t) => ({
      method: 'DELETE',
      url: `/api/invitations/${(await createInvitation(t.app)).id}`,
    }),
  },
  {
    name: 'GET /api/admin/users',
    capability: 'admin:panel',
    success: 200,
    request: async () => ({ url: '/api/admin/users' }),
  },
  {
    name: 'PUT /api/admin/users/:id/role',
    capability: 'admin:panel',
    success: 200,
    request: async (t) => ({
      method: 'PUT',
      url: `/api/admin/users/${(await createUser(t.app)).row.id}/role`,
      payload: { role: 'scouter' },
    }),
  },
  {
    name: 'DELETE /api/admin/users/:id',
    capability: 'admin:panel',
    success: 200,
    request: async (t) => ({
      method: 'DELETE',
      url: `/api/admin/users/${(await createUser(t.app)).row.id}`,
    }),
  },
  {
    name: 'PUT /api/photos/:id',
    capability: 'photo:caption',
    success: 200,
    request: async (t) => ({
      method: 'PUT',
      url: `/api/photos/${(await newPhoto(t)).id}`,
      payload: { description: 'Pie de foto' },
    }),
  },
  {
    name: 'POST /api/albums/:id/download-link',
    capability: 'album:download',
    success: 200,
    request: async (t) => ({
      method: 'POST',
      url: `/api/albums/${(await createAlbum(t.app)).id}/download-link`,
    }),
  },
  {
    name: 'GET /api/albums/:id/download',
    capability: 'album:download',
    success: 200,
    request: async (t) => {
      const album = await createAlbum(t.app);
      await createPhoto(t.app, album.id, { withFiles: true });
      return { url: `/api/albums/${album.id}/download` };
    },
  },
  {
    name: 'GET /api/admin/audit',
    capability: 'audit:view',
    success: 200,
    request: async () => ({ url: '/api/admin/audit?page=1&limit=5' }),
  },
  {
    name: 'GET /api/profile/me',
    capability: 'profile:edit',
    success: 200,
    request: async () => ({ url: '/api/profile/me' }),
  },
  {
    name: 'PUT /api/profile/me',
    capability: 'profile:edit',
    success: 200,
    request: async () => {
      const body = multipart({ name: 'Otro Nombre' });
      return {
        method: 'PUT',
        url: '/api/profile/me',
        headers: body.headers,
        payload: body.payload,
      };
    },
  },
  {
    name: 'GET /api/albums/audience-choices',
    capability: 'content:manage',
    success: 200,
    request: async () => ({ url: '/api/albums/audience-choices' }),
  },
  {
    name: 'GET /api/albums',
    capability: 'gallery:view',
    success: 200,
    request: async () => ({ url: '/api/albums' }),
  },
  {
    name: 'GET /api/albums/:id',
    capability: 'gallery:view',
    success: 200,
    request: async (t) => ({ url: `/api/albums/${(await createAlbum(t.app)).id}` }),
  },
  {
    name: 'POST /api/albums/newAlbum',
    capability: 'content:manage',
    success: 201,
    request: async () => {
      const body = multipart({ title: 'Nuevo álbum' }, [
        { field: 'cover', filename: 'p.png', type: 'image/png', data: await pngImage(30, 20) },
      ]);
      return {
        method: 'POST',
        url: '/api/albums/newAlbum',
        headers: body.headers,
        payload: body.payload,
      };
    },
  },
  {
    name: 'PUT /api/albums/:id',
    capability: 'content:manage',
    success: 200,
    request: async (t) => {
      const body = multipart({ title: 'Otro título' });
      return {
        method: 'PUT',
        url: `/api/albums/${(await createAlbum(t.app)).id}`,
        headers: body.headers,
        payload: body.payload,
      };
    },
  },
  {
    name: 'DELETE /api/albums/:id',
    capability: 'content:manage',
    success: 200,
    request: async (t) => ({
      method: 'DELETE',
      url: `/api/albums/${(await createAlbum(t.app)).id}`,
    }),
  },
  {
    name: 'GET /api/photos/album/:albumId',
    capability: 'gallery:view',
    success: 200,
    request: async (t) => ({ url: `/api/photos/album/${(await createAlbum(t.app)).id}` }),
  },
  {
    name: 'GET /api/photos/:id',
    capability: 'gallery:view',
    success: 200,
    request: async (t) => ({ url: `/api/photos/${(await newPhoto(t)).id}` }),
  },
  {
    name: 'POST /api/photos/upload',
    capability: 'content:manage',
    success: 201,
    request: async (t) => {
      const body = multipart({ albumId: String((await createAlbum(t.app)).id) }, [
        { field: 'images', filename: 'f.png', type: 'image/png', data: await pngImage(30, 20) },
      ]);
      return {
        method: 'POST',
        url: '/api/photos/upload',
        headers: body.headers,
        payload: body.payload,
      };
    },
  },
  {
    name: 'DELETE /api/photos/:id',
    capability: 'content:manage',
    success: 200,
    request: async (t) => ({ method: 'DELETE', url: `/api/photos/${(await newPhoto(t)).id}` }),
  },
  {
    name: 'POST /api/photos/:id/like',
    capability: 'interact',
    success: 201,
    request: async (t) => ({ method: 'POST', url: `/api/photos/${(await newPhoto(t)).id}/like` }),
  },
  {
    name: 'DELETE /api/photos/:id/like',
    capability: 'interact',
    success: 200,
    request: async (t, actor) => {
      const photo = await newPhoto(t);
      if (actor) await createLike(t.app, 'photo', photo.id, actor.row.id);
      return { method: 'DELETE', url: `/api/photos/${photo.id}/like` };
    },
  },
  {
    name: 'GET /api/photos/:id/comments',
    capability: 'gallery:view',
    success: 200,
    request: async (t) => ({ url: `/api/photos/${(await newPhoto(t)).id}/comments` }),
  },
  {
    name: 'POST /api/photos/:id/comments',
    capability: 'interact',
    success: 201,
    request: async (t) => ({
      method: 'POST',
      url: `/api/photos/${(await newPhoto(t)).id}/comments`,
      payload: { comment_text: 'Buen día' },
    }),
  },
  {
    // Everyone signed in may delete their own comment (others': see interactions.test.ts).
    name: 'DELETE /api/photos/:id/comments/:commentId (own)',
    capability: 'comment:delete:own',
    success: 200,
    request: async (t, actor) => {
      const photo = await newPhoto(t);
      const author = actor ?? (await createUser(t.app));
      const comment = await createComment(t.app, 'photo', photo.id, author.row.id);
      return { method: 'DELETE', url: `/api/photos/${photo.id}/comments/${comment}` };
    },
  },
  {
    name: 'POST /api/albums/:id/publish',
    capability: 'gallery:review',
    success: 200,
    request: async (t) => ({
      method: 'POST',
      url: `/api/albums/${(await createAlbum(t.app)).id}/publish`,
    }),
  },
  {
    name: 'POST /api/albums/:id/unpublish',
    capability: 'gallery:review',
    success: 200,
    request: async (t) => ({
      method: 'POST',
      url: `/api/albums/${(await createAlbum(t.app)).id}/unpublish`,
    }),
  },
  {
    name: 'POST /api/photos/:id/removal-request',
    capability: 'photo:removal:request',
    success: 201,
    request: async (t) => ({
      method: 'POST',
      url: `/api/photos/${(await newPhoto(t)).id}/removal-request`,
      payload: { reason: 'Sale mi hija' },
    }),
  },
  {
    name: 'GET /api/removal-requests/mine',
    capability: 'photo:removal:request',
    success: 200,
    request: async () => ({ url: '/api/removal-requests/mine' }),
  },
  {
    name: 'GET /api/removal-requests',
    capability: 'gallery:review',
    success: 200,
    request: async () => ({ url: '/api/removal-requests' }),
  },
  {
    name: 'POST /api/removal-requests/:id/resolve',
    capability: 'gallery:review',
    success: 200,
    request: async (t) => ({
      method: 'POST',
      url: `/api/removal-requests/${await pendingRemovalRequest(t)}/resolve`,
      payload: { action: 'keep' },
    }),
  },
  ...contentEndpoints('news', 'news', (t) => createNews(t.app), {
    title: 'Noticia nueva',
    description: 'Resumen',
    content: 'Texto completo',
  }),
  ...contentEndpoints('experiences', 'experience', (t) => createExperience(t.app), {
    title: 'Experiencia nueva',
    description: 'Lo que vivimos',
    category: 'ruta',
  }),
  {
    name: 'GET /api/monitors',
    capability: 'content:browse',
    success: 200,
    request: async () => ({ url: '/api/monitors' }),
  },
  {
    name: 'POST /api/monitors',
    capability: 'monitor:manage',
    success: 201,
    request: async () => {
      const body = multipart({ name: 'Nueva Monitora', role_description: 'Scouter de Tropa' }, [
        { field: 'image', filename: 'm.png', type: 'image/png', data: await pngImage(30, 40) },
      ]);
      return { method: 'POST', url: '/api/monitors', headers: body.headers, payload: body.payload };
    },
  },
  {
    name: 'PUT /api/monitors/:id',
    capability: 'monitor:manage',
    success: 200,
    request: async (t) => {
      const body = multipart({ name: 'Otro Nombre', role_description: 'Scouter de Clan' });
      return {
        method: 'PUT',
        url: `/api/monitors/${(await createMonitor(t.app)).id}`,
        headers: body.headers,
        payload: body.payload,
      };
    },
  },
  {
    name: 'DELETE /api/monitors/:id',
    capability: 'monitor:manage',
    success: 200,
    request: async (t) => ({
      method: 'DELETE',
      url: `/api/monitors/${(await createMonitor(t.app)).id}`,
    }),
  },
  ...familyEndpoints,
  ...faceEndpoints,
  ...consentEndpoints,
  // The admin page 'Imagen'.
  ...imageSettingsEndpoints(),
  // Activities: the board, payments, reminders, exports and the calendar.
  ...activityBoardEndpoints,
  // Activities (issue 36).
  ...activityEndpoints(),
  // The autorización of an activity.
  ...authorizationEndpoints(),
  // On camp: the ficha sanitaria.
  ...healthEndpoints(),
  // On camp: the camp pack, its PDF and «Pasar lista».
  ...campPackEndpoints(),
];

/**
 * An activity of a fresh section, made by an admin, that `actor` sees and manages when their role
 * may: a scouter is assigned to the section, and `actor` is a guardian of a child in it.
 */
async function activityOfActor(t: TestApp, actor?: TestUser, publish = true) {
  const admin = await createUser(t.app, { role: 'admin' });
  const section = await createSection(t.app);
  if (actor?.row.role === 'scouter') await assignScouter(t.app, actor.row.id, [section]);
  const child = await createChild(t.app, {
    sectionId: section,
    guardians: actor ? [actor.row.id] : [],
  });
  const { id } = await createActivity(t.app, admin, { section_ids: [section], publish });
  return { id, child, section };
}

/** The activities and their sign-ups (`activities:view`, `activities:manage`). */
function activityEndpoints(): Endpoint[] {
  return [
    {
      name: 'GET /api/activities',
      capability: 'activities:view',
      success: 200,
      request: async () => ({ url: '/api/activities' }),
    },
    {
      name: 'GET /api/activities/people-in-charge',
      capability: 'activities:manage',
      success: 200,
      request: async () => ({ url: '/api/activities/people-in-charge' }),
    },
    {
      name: 'GET /api/activities/:id',
      capability: 'activities:view',
      success: 200,
      request: async (t, actor) => ({
        url: `/api/activities/${(await activityOfActor(t, actor)).id}`,
      }),
    },
    {
      name: 'POST /api/activities',
      capability: 'activities:manage',
      success: 201,
      request: async (t, actor) => {
        const section = await createSection(t.app);
        if (actor?.row.role === 'scouter') await assignScouter(t.app, actor.row.id, [section]);
        return {
          method: 'POST',
          url: '/api/activities',
          payload: activityInput({ section_ids: [section] }),
        };
      },
    },
    {
      name: 'PUT /api/activities/:id',
      capability: 'activities:manage',
      success: 200,
      request: async (t, actor) => {
        const { id, section } = await activityOfActor(t, actor);
        return {
          method: 'PUT',
          url: `/api/activities/${id}`,
          payload: activityInput({ section_ids: [section] }),
        };
      },
    },
    {
      name: 'POST /api/activities/:id/status',
      capability: 'activities:manage',
      success: 200,
      request: async (t, actor) => ({
        method: 'POST',
        url: `/api/activities/${(await activityOfActor(t, actor)).id}/status`,
        payload: { status: 'cerrada' },
      }),
    },
    {
      name: 'DELETE /api/activities/:id',
      capability: 'activities:manage',
      success: 204,
      request: async (t, actor) => ({
        method: 'DELETE',
        url: `/api/activities/${(await activityOfActor(t, actor, false)).id}`,
      }),
    },
    {
      name: 'PUT /api/activities/:id/children/:childId/signup',
      capability: 'activities:view',
      success: 200,
      request: async (t, actor) => {
        const { id, child } = await activityOfActor(t, actor);
        return {
          method: 'PUT',
          url: `/api/activities/${id}/children/${child}/signup`,
          payload: { going: true, answers: {} },
        };
      },
    },
  ];
}

/**
 * The autorización of an activity. A guardian signs for their own child of the activity's
 * audience (the actor is linked); a scouter manages the activities of a section they are
 * assigned.
 */
async function authorizationTarget(t: TestApp, actor?: TestUser) {
  const section = await createSection(t.app);
  const child = await createChild(t.app, { sectionId: section });
  if (actor) {
    await linkGuardian(t.app, actor.row.id, child);
    if (actor.row.role === 'scouter') await assignScouter(t.app, actor.row.id, [section]);
  }
  const activity = (await insertActivity(t.app, { sections: [section] })).id;
  return { child, activity, path: `/api/activities/${activity}/children/${child}` };
}

function authorizationEndpoints(): Endpoint[] {
  return [
    {
      name: 'GET /api/activities/:id/children/:childId/authorization',
      capability: 'activities:sign',
      success: 200,
      request: async (t, actor) => ({
        url: `${(await authorizationTarget(t, actor)).path}/authorization`,
      }),
    },
    {
      name: 'POST /api/activities/:id/children/:childId/authorization',
      capability: 'activities:sign',
      success: 201,
      request: async (t, actor) => {
        const { path } = await authorizationTarget(t, actor);
        const url = `${path}/authorization`;
        let text = '';
        if (actor) {
          const form = (await t.app.inject({ url, headers: actor.headers })).json();
          text = fillAuthorizationText(form.template, {
            ...form.values,
            tutor: 'Lucía Gómez',
            dni: '12345678Z',
          });
        }
        return {
          method: 'POST',
          url,
          payload: {
            full_name: 'Lucía Gómez',
            dni: '12345678Z',
            password: PASSWORD,
            text_sha256: createHash('sha256').update(text).digest('hex'),
          },
        };
      },
    },
    {
      name: 'DELETE /api/activities/:id/children/:childId/authorization',
      capability: 'activities:sign',
      success: 204,
      request: async (t, actor) => {
        const { path, activity, child } = await authorizationTarget(t, actor);
        if (actor) await insertSignature(t.app, activity, child, actor.row.id);
        return { method: 'DELETE', url: `${path}/authorization` };
      },
    },
    {
      name: 'GET /api/authorizations/:authorizationId/pdf',
      capability: 'activities:sign',
      success: 200,
      request: async (t, actor) => {
        const { activity, child } = await authorizationTarget(t, actor);
        const id = await insertSignature(t.app, activity, child, actor?.row.id ?? null);
        return { url: `/api/authorizations/${id}/pdf` };
      },
    },
    {
      name: 'POST /api/activities/:id/children/:childId/paper-authorization',
      capability: 'activities:manage',
      success: 201,
      request: async (t, actor) => {
        const { path } = await authorizationTarget(t, actor);
        const body = multipart({ note: 'Hoja firmada el 3/10' }, [
          { field: 'file', filename: 'hoja.png', type: 'image/png', data: await pngImage() },
        ]);
        return {
          method: 'POST',
          url: `${path}/paper-authorization`,
          headers: body.headers,
          payload: body.payload,
        };
      },
    },
    {
      name: 'GET /api/authorizations/:authorizationId/paper',
      capability: 'activities:manage',
      success: 200,
      request: async (t, actor) => {
        const { path } = await authorizationTarget(t, actor);
        const admin = await createUser(t.app, { role: 'admin' });
        const body = multipart({}, [
          { field: 'file', filename: 'hoja.png', type: 'image/png', data: await pngImage() },
        ]);
        const recorded = await t.app.inject({
          method: 'POST',
          url: `${path}/paper-authorization`,
          headers: { ...admin.headers, ...body.headers },
          payload: body.payload,
        });
        return { url: `/api/authorizations/${recorded.json().id}/paper` };
      },
    },
    {
      name: 'GET /api/admin/authorization-text',
      capability: 'authorization:text',
      success: 200,
      request: async () => ({ url: '/api/admin/authorization-text' }),
    },
    {
      name: 'POST /api/admin/authorization-text',
      capability: 'authorization:text',
      success: 201,
      request: async () => ({
        method: 'POST',
        url: '/api/admin/authorization-text',
        payload: { body: 'Yo, {tutor}, con DNI/NIE {dni}, autorizo a {educando}.' },
      }),
    },
    {
      name: 'PUT /api/admin/protection-delegate',
      capability: 'authorization:text',
      success: 200,
      request: async (t) => ({
        method: 'PUT',
        url: '/api/admin/protection-delegate',
        payload: {
          user_id: (await createUser(t.app, { role: 'scouter', name: 'Marta Delegada' })).row.id,
          contact: '600 000 000',
        },
      }),
    },
    {
      name: 'GET /api/profile/dni',
      capability: 'activities:sign',
      success: 200,
      request: async () => ({ url: '/api/profile/dni' }),
    },
    {
      name: 'PUT /api/profile/dni',
      capability: 'activities:sign',
      success: 200,
      request: async () => ({
        method: 'PUT',
        url: '/api/profile/dni',
        payload: { dni: 'Y1234567X' },
      }),
    },
  ];
}

/**
 * The camp pack and «Pasar lista» (`camp:staff`): a camp starting tomorrow of a fresh section,
 * with a child who goes, and the actor among its staff (the camp window is open).
 */
async function campOfActor(t: TestApp, actor?: TestUser) {
  const section = await createSection(t.app);
  const child = await createChild(t.app, { sectionId: section });
  const startsAt = new Date(Date.now() + 24 * 3600_000).toISOString();
  const activity = (await insertActivity(t.app, { sections: [section], startsAt })).id;
  await addSignup(t.app, activity, child, 'va');
  if (actor) await addStaff(t.app, activity, actor.row.id);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
    new Date(startsAt),
  );
  return { activity, child, day };
}

function campPackEndpoints(): Endpoint[] {
  return [
    {
      name: 'GET /api/activities/:id/camp-pack',
      capability: 'camp:staff',
      success: 200,
      request: async (t, actor) => ({
        url: `/api/activities/${(await campOfActor(t, actor)).activity}/camp-pack`,
      }),
    },
    {
      name: 'GET /api/activities/:id/camp-pack.pdf',
      capability: 'camp:staff',
      success: 200,
      request: async (t, actor) => ({
        url: `/api/activities/${(await campOfActor(t, actor)).activity}/camp-pack.pdf`,
      }),
    },
    {
      name: 'GET /api/activities/:id/attendance',
      capability: 'camp:staff',
      success: 200,
      request: async (t, actor) => ({
        url: `/api/activities/${(await campOfActor(t, actor)).activity}/attendance`,
      }),
    },
    {
      name: 'POST /api/activities/:id/attendance',
      capability: 'camp:staff',
      success: 200,
      request: async (t, actor) => {
        const { activity, child, day } = await campOfActor(t, actor);
        return {
          method: 'POST',
          url: `/api/activities/${activity}/attendance`,
          payload: {
            marks: [{ child_id: child, day, moment: 'salida', present: true, marked_at: nowIso() }],
          },
        };
      },
    },
  ];
}

/** The group's settings, the consent preview and the ledger (admins, `settings:manage`). */
function imageSettingsEndpoints(): Endpoint[] {
  return [
    {
      name: 'GET /api/settings',
      capability: 'settings:manage',
      success: 200,
      request: async () => ({ url: '/api/settings' }),
    },
    {
      name: 'PATCH /api/settings',
      capability: 'settings:manage',
      success: 200,
      request: async () => ({
        method: 'PATCH',
        url: '/api/settings',
        payload: { publish_only_reviewed: false },
      }),
    },
    {
      name: 'GET /api/settings/consent-preview',
      capability: 'settings:manage',
      success: 200,
      request: async () => ({ url: '/api/settings/consent-preview' }),
    },
    {
      name: 'GET /api/settings/consent-preview/albums',
      capability: 'settings:manage',
      success: 200,
      request: async () => ({ url: '/api/settings/consent-preview/albums?page=1&limit=5' }),
    },
    {
      name: 'GET /api/image-ledger',
      capability: 'settings:manage',
      success: 200,
      request: async () => ({ url: '/api/image-ledger?page=1&limit=5' }),
    },
  ];
}

/**
 * Decision 106: each face action tried by a scouter of another section — a scouter of a section
 * of their own, against a child of a section they do not manage. On an image they may not see (an
 * album of that section), a 404 as if it were missing; on one they see (the whole group's, a news
 * item's), the child's face is not theirs to change (403) and its name never reaches them.
 */
interface ScopeRow {
  name: string;
  request(t: TestApp): Promise<InjectOptions>;
  status: number;
  message?: string;
}

/** A child of a fresh section nobody in these rows manages. */
async function otherChild(t: TestApp): Promise<{ id: number; section: number }> {
  const section = await createSection(t.app);
  return { id: await createChild(t.app, { sectionId: section, name: OTHER_CHILD }), section };
}

const OTHER_CHILD = 'Nombre Que Nadie Más Ve';

/** An album only for another section's children, with a photo and a face on it. */
async function otherSectionPhoto(t: TestApp) {
  const album = await createAlbum(t.app);
  const child = await otherChild(t);
  await setAudience(t.app, album.id, [child.section]);
  const photo = await createPhoto(t.app, album.id);
  const face = await addFace(t.app, { photoId: photo.id }, FACE_BOX, { source: 'manual' });
  return { album: album.id, photo: photo.id, face };
}

/** A face of another section's child on a whole-group album's photo, its family's blur on. */
async function otherChildFace(t: TestApp, opts: { source?: 'manual' } = {}) {
  const photo = await newPhoto(t);
  const face = await addFace(t.app, { photoId: photo.id }, FACE_BOX, {
    childId: (await otherChild(t)).id,
    ...opts,
  });
  await t.app.ctx.db.kysely
    .updateTable('faces')
    .set({ blur_requested_at: nowIso() })
    .where('id', '=', face)
    .execute();
  return face;
}

const faceScopeRows: ScopeRow[] = [
  {
    name: 'GET /api/albums/:id/faces (album of another section)',
    request: async (t) => ({ url: `/api/albums/${(await otherSectionPhoto(t)).album}/faces` }),
    status: 404,
    message: SERVER_ERRORS.albumNotFound,
  },
  {
    name: 'GET /api/albums/:id/faces/children (album of another section)',
    request: async (t) => ({
      url: `/api/albums/${(await otherSectionPhoto(t)).album}/faces/children`,
    }),
    status: 404,
    message: SERVER_ERRORS.albumNotFound,
  },
  {
    name: "GET /api/albums/:id/faces (whole group's: another section's child unnamed)",
    request: async (t) => {
      const album = await createAlbum(t.app);
      await addFace(t.app, { albumId: album.id }, FACE_BOX, { childId: (await otherChild(t)).id });
      return { url: `/api/albums/${album.id}/faces` };
    },
    status: 200,
  },
  {
    name: "GET /api/news/:id/faces (another section's child unnamed)",
    request: async (t) => {
      const news = await createNews(t.app);
      await addFace(t.app, { newsId: news.id }, FACE_BOX, { childId: (await otherChild(t)).id });
      return { url: `/api/news/${news.id}/faces` };
    },
    status: 200,
  },
  {
    name: "GET /api/experiences/:id/faces (another section's child unnamed)",
    request: async (t) => {
      const item = await createExperience(t.app);
      await addFace(t.app, { experienceId: item.id }, FACE_BOX, {
        childId: (await otherChild(t)).id,
      });
      return { url: `/api/experiences/${item.id}/faces` };
    },
    status: 200,
  },
  ...(['child', 'adult', 'not_face', 'pending'] as const).map(
    (status): ScopeRow => ({
      name: `PATCH /api/faces/:id ${status} (face of another section's child)`,
      request: async (t) => ({
        method: 'PATCH',
        url: `/api/faces/${await otherChildFace(t)}`,
        payload: status === 'child' ? { status, child_id: (await otherChild(t)).id } : { status },
      }),
      status: 403,
      message: SERVER_ERRORS.faceOtherSection,
    }),
  ),
  {
    name: 'PATCH /api/faces/:id (face on an album of another section)',
    request: async (t) => ({
      method: 'PATCH',
      url: `/api/faces/${(await otherSectionPhoto(t)).face}`,
      payload: { status: 'adult' },
    }),
    status: 404,
    message: SERVER_ERRORS.faceNotFound,
  },
  {
    name: 'POST /api/faces (photo of an album of another section)',
    request: async (t) => ({
      method: 'POST',
      url: '/api/faces',
      payload: { image: { kind: 'photo', id: (await otherSectionPhoto(t)).photo }, box: FACE_BOX },
    }),
    status: 404,
    message: SERVER_ERRORS.faceImageNotFound,
  },
  {
    name: "DELETE /api/faces/:id (a box drawn for another section's child)",
    request: async (t) => ({
      method: 'DELETE',
      url: `/api/faces/${await otherChildFace(t, { source: 'manual' })}`,
    }),
    status: 403,
    message: SERVER_ERRORS.faceOtherSection,
  },
  {
    name: 'DELETE /api/faces/:id (a box on an album of another section)',
    request: async (t) => ({
      method: 'DELETE',
      url: `/api/faces/${(await otherSectionPhoto(t)).face}`,
    }),
    status: 404,
    message: SERVER_ERRORS.faceNotFound,
  },
  {
    name: 'POST /api/faces/searched (photo of an album of another section)',
    request: async (t) => ({
      method: 'POST',
      url: '/api/faces/searched',
      payload: { image: { kind: 'photo', id: (await otherSectionPhoto(t)).photo } },
    }),
    status: 404,
    message: SERVER_ERRORS.faceImageNotFound,
  },
  {
    name: "DELETE /api/faces/:id/blur (face of another section's child)",
    request: async (t) => ({
      method: 'DELETE',
      url: `/api/faces/${await otherChildFace(t)}/blur`,
    }),
    status: 403,
    message: SERVER_ERRORS.faceOtherSection,
  },
];

const actors: Actor[] = [null, ...ROLES];

let t: TestApp;
beforeAll(async () => {
  // External sign-in on (its nonce endpoint answers without reaching the provider).
  t = await buildTestApp({
    oidc: { issuer: 'http://127.0.0.1:9', clientId: 'fogata-pruebas', cooldownMs: 30_000 },
  });
});
afterAll(() => t.close());

describe('permissions: every endpoint for every role', () => {
  for (const endpoint of endpoints) {
    for (const actor of actors) {
      const allowed = endpoint.capability === null || can(actor, endpoint.capability);
      const expected = allowed ? endpoint.success : actor === null ? 401 : 403;
      it(`${endpoint.name} as ${actor ?? 'anonymous'} → ${expected}`, async () => {
        const user = actor ? await createUser(t.app, { role: actor }) : undefined;
        const request = await endpoint.request(t, user);
        if (user) request.headers = { ...request.headers, ...user.headers };
        const res = await t.app.inject(request);
        expect(res.statusCode, res.body).toBe(expected);
        if (expected === 401)
          expect(res.json()).toEqual({ message: SERVER_ERRORS.unauthenticated });
        if (expected === 403) {
          expect(res.json()).toEqual({
            message:
              endpoint.capability === 'admin:panel' || endpoint.capability === 'audit:view'
                ? SERVER_ERRORS.adminOnly
                : SERVER_ERRORS.forbidden,
          });
        }
      });
    }
  }
});

describe('permissions: each face action as a scouter of another section', () => {
  for (const row of faceScopeRows) {
    it(`${row.name} → ${row.status}`, async () => {
      const scouter = await createUser(t.app, { role: 'scouter' });
      await assignScouter(t.app, scouter.row.id, [await createSection(t.app)]);
      const request = await row.request(t);
      request.headers = { ...request.headers, ...scouter.headers };
      const res = await t.app.inject(request);
      expect(res.statusCode, res.body).toBe(row.status);
      if (row.message) expect(res.json()).toEqual({ message: row.message });
      expect(res.body).not.toContain(OTHER_CHILD);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// On camp: the ficha sanitaria. A guardian keeps their child's (the actor is linked);
// the staff of an activity read a going child's in its camp window (the actor is made staff of
// one starting tomorrow). Who may not: the rows below.
// ---------------------------------------------------------------------------------------------

/** A child with a ficha, the actor its guardian; its health path. */
async function ownChildHealth(t: TestApp, actor?: TestUser) {
  const child = await createChild(t.app);
  if (actor) await linkGuardian(t.app, actor.row.id, child);
  await insertHealth(t.app, child);
  return { child, path: `/api/children/${child}/health` };
}

/** An activity starting tomorrow that a child with a ficha goes to, `staff` (if any) its staff. */
async function campTarget(t: TestApp, staff?: TestUser, startsInDays = 1) {
  const child = await createChild(t.app);
  await insertHealth(t.app, child);
  const day = 24 * 3600_000;
  const activity = (
    await insertActivity(t.app, {
      startsAt: new Date(Date.now() + startsInDays * day).toISOString(),
      endsAt: new Date(Date.now() + (startsInDays + 2) * day).toISOString(),
    })
  ).id;
  await t.app.ctx.db.kysely
    .insertInto('activity_signups')
    .values({
      activity_id: activity,
      child_id: child,
      status: 'va',
      queued_at: nowIso(),
      answers: '{}',
      updated_by: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  if (staff) await addStaff(t.app, activity, staff.row.id);
  return { child, activity, path: `/api/activities/${activity}/health/${child}` };
}

function healthEndpoints(): Endpoint[] {
  return [
    {
      name: 'GET /api/children/:id/health',
      capability: 'health:keep',
      success: 200,
      request: async (t, actor) => ({ url: (await ownChildHealth(t, actor)).path }),
    },
    {
      name: 'PUT /api/children/:id/health',
      capability: 'health:keep',
      success: 200,
      request: async (t, actor) => ({
        method: 'PUT',
        url: (await ownChildHealth(t, actor)).path,
        payload: healthInput(),
      }),
    },
    {
      name: 'POST /api/children/:id/health/confirm',
      capability: 'health:keep',
      success: 200,
      request: async (t, actor) => ({
        method: 'POST',
        url: `${(await ownChildHealth(t, actor)).path}/confirm`,
        payload: {},
      }),
    },
    {
      name: 'GET /api/children/:id/health/reads',
      capability: 'health:keep',
      success: 200,
      request: async (t, actor) => ({ url: `${(await ownChildHealth(t, actor)).path}/reads` }),
    },
    {
      name: 'GET /api/activities/:id/health/:childId',
      capability: 'camp:staff',
      success: 200,
      request: async (t, actor) => ({ url: (await campTarget(t, actor)).path }),
    },
  ];
}

/** Who holds the capability but may not reach the ficha: always the same 404. */
const healthScopeRows: {
  name: string;
  role: 'usuario' | 'scouter' | 'admin';
  request(t: TestApp, actor: TestUser): Promise<InjectOptions>;
}[] = [
  {
    name: "GET /api/children/:id/health (an admin, not the child's guardian)",
    role: 'admin',
    request: async (t) => ({ url: (await ownChildHealth(t)).path }),
  },
  {
    name: "PUT /api/children/:id/health (a scouter, not the child's guardian)",
    role: 'scouter',
    request: async (t) => ({
      method: 'PUT',
      url: (await ownChildHealth(t)).path,
      payload: healthInput(),
    }),
  },
  {
    name: 'POST /api/children/:id/health/confirm (another family)',
    role: 'usuario',
    request: async (t) => ({
      method: 'POST',
      url: `${(await ownChildHealth(t)).path}/confirm`,
      payload: {},
    }),
  },
  {
    name: 'GET /api/children/:id/health/reads (an admin, not a guardian)',
    role: 'admin',
    request: async (t) => ({ url: `${(await ownChildHealth(t)).path}/reads` }),
  },
  {
    name: 'GET /api/activities/:id/health/:childId (a scouter who is not staff)',
    role: 'scouter',
    request: async (t) => ({ url: (await campTarget(t)).path }),
  },
  {
    name: 'GET /api/activities/:id/health/:childId (an admin who is not staff)',
    role: 'admin',
    request: async (t) => ({ url: (await campTarget(t)).path }),
  },
  {
    name: 'GET /api/activities/:id/health/:childId (staff, three days before the start)',
    role: 'scouter',
    request: async (t, actor) => ({ url: (await campTarget(t, actor, 3)).path }),
  },
];

describe('permissions: the ficha sanitaria for who has the capability but not the child', () => {
  for (const row of healthScopeRows) {
    it(`${row.name} → 404`, async () => {
      const actor = await createUser(t.app, { role: row.role });
      const request = await row.request(t, actor);
      request.headers = { ...request.headers, ...actor.headers };
      const res = await t.app.inject(request);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).toBe(JSON.stringify({ message: CAMP_ERRORS.healthNotFound }));
      expect(res.body).not.toContain('cacahuete');
    });
  }
});
