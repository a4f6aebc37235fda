import type { FastifyInstance } from 'fastify';
import { albumsRoutes } from './albums/albums.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { childrenRoutes } from './children/children.routes.js';
import { consentsRoutes } from './consents/consents.routes.js';
import { digestsRoutes } from './digests/digests.routes.js';
import { experiencesRoutes } from './experiences/experiences.routes.js';
import { facesRoutes } from './faces/faces.routes.js';
// Issue #25 (pub): the admin page 'Imagen'.
import { imageLedgerRoutes } from './image-ledger/image-ledger.routes.js';
import { invitationsRoutes } from './invitations/invitations.routes.js';
import { monitorsRoutes } from './monitors/monitors.routes.js';
import { newsRoutes } from './news/news.routes.js';
import { photosRoutes } from './photos/photos.routes.js';
import { myDataRoutes } from './profile/my-data.routes.js';
import { profileRoutes } from './profile/profile.routes.js';
import { removalRequestsRoutes } from './removal-requests/removal-requests.routes.js';
import { sectionsRoutes } from './sections/sections.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { systemRoutes } from './system/system.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** Every module's routes; registered under /api. */
export async function apiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(systemRoutes);
  await api.register(authRoutes);
  await api.register(invitationsRoutes);
  await api.register(usersRoutes);
  await api.register(auditRoutes);
  await api.register(profileRoutes);
  await api.register(digestsRoutes);
  await api.register(myDataRoutes);
  await api.register(albumsRoutes);
  await api.register(photosRoutes);
  await api.register(removalRequestsRoutes);
  await api.register(newsRoutes);
  await api.register(experiencesRoutes);
  await api.register(monitorsRoutes);
  await api.register(sectionsRoutes);
  await api.register(childrenRoutes);
  // Issue #25: Revisar caras and the background scan's progress.
  await api.register(facesRoutes);
  // Issue #25 (decisions 070–074): the consent register and 'Fotos de mi educando'.
  await api.register(consentsRoutes);
  // Issue #25 (pub): the group's settings, the consent preview, the ledger.
  await api.register(settingsRoutes);
  await api.register(imageLedgerRoutes);
}
