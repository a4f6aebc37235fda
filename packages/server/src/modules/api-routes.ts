import type { FastifyInstance } from 'fastify';
// Activities (issue 36): the activities and the families' sign-ups.
import { activitiesRoutes } from './activities/activities.routes.js';
// Activities: the board, payments, reminders, exports; the calendar (issue 36).
import { activityBoardRoutes } from './activity-board/activity-board.routes.js';
import { albumsRoutes } from './albums/albums.routes.js';
import { photosRoutes } from './albums/photos.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { authorizationsRoutes } from './authorizations/authorizations.routes.js';
import { calendarRoutes } from './calendar/calendar.routes.js';
// On camp (issue 37): the camp pack, its PDF and «Pasar lista».
import { campPackRoutes } from './camp-pack/camp-pack.routes.js';
// On camp (issue 37): the adults around the children — staff, certificados, the delegado/a.
import { campStaffRoutes } from './camp-staff/camp-staff.routes.js';
import { childrenRoutes } from './children/children.routes.js';
import { consentsRoutes } from './consents/consents.routes.js';
import { digestsRoutes } from './digests/digests.routes.js';
import { facesRoutes } from './faces/faces.routes.js';
// On camp: the ficha sanitaria, its confirmations and its readings log.
import { healthRoutes } from './health/health.routes.js';
// The admin page 'Imagen' reads the image ledger.
import { imageLedgerRoutes } from './image-ledger/image-ledger.routes.js';
import { invitationsRoutes } from './invitations/invitations.routes.js';
import { monitorsRoutes } from './monitors/monitors.routes.js';
import { postsRoutes } from './posts/posts.routes.js';
import { myDataRoutes } from './profile/my-data.routes.js';
import { profileRoutes } from './profile/profile.routes.js';
import { protectionRoutes } from './protection/protection.routes.js';
import { removalRequestsRoutes } from './removal-requests/removal-requests.routes.js';
import { safeguardingRoutes } from './safeguarding/safeguarding.routes.js';
import { sectionsRoutes } from './sections/sections.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { systemRoutes } from './system/system.routes.js';
import { usersRoutes } from './users/users.routes.js';

/**
 * Every module's routes, registered under /api. They are declared in this one plugin, not each in
 * a plugin of its own: Fastify gives every plugin its own request and reply classes, and with one
 * per module the code each request runs through (Fastify's, Node's, the hooks) met so many shapes
 * that V8 ran it the slow, megamorphic way whenever the traffic was mixed (decision 137). No module
 * hooks or decorates anything of its own; one that needs its own parser keeps its own plugin.
 */
export async function apiRoutes(api: FastifyInstance): Promise<void> {
  for (const routes of [
    systemRoutes,
    authRoutes,
    invitationsRoutes,
    usersRoutes,
    auditRoutes,
    profileRoutes,
    myDataRoutes,
    albumsRoutes,
    photosRoutes,
    removalRequestsRoutes,
    postsRoutes,
    monitorsRoutes,
    sectionsRoutes,
    childrenRoutes,
    // Revisar caras and the background scan's progress.
    facesRoutes,
    // The consent register and 'Fotos de mi educando' (decisions 070–074).
    consentsRoutes,
    // The group's settings, the consent preview, the ledger (decision 088).
    settingsRoutes,
    imageLedgerRoutes,
    // The autorización of an activity, the admin's text, the member's DNI/NIE.
    authorizationsRoutes,
    // Activities: the scouters' board, payments, reminders and exports.
    activityBoardRoutes,
    // Activities in calendars: one activity's .ics, the private feeds' URLs.
    calendarRoutes,
    // Activities (issue 36): the activities and the families' sign-ups.
    activitiesRoutes,
    // On camp: the ficha sanitaria, its confirmations and its readings log.
    healthRoutes,
    // On camp (issue 37): the camp pack, its PDF and «Pasar lista».
    campPackRoutes,
    // On camp (issue 37): an activity's staff, the certificados and camp settings, the messages
    // to the delegado/a de protección.
    campStaffRoutes,
    safeguardingRoutes,
    protectionRoutes,
  ]) {
    await routes(api);
  }
  // The one-click unsubscribe reads a form body, which no other route accepts: its parser stays
  // in a plugin of its own.
  await api.register(digestsRoutes);
}
