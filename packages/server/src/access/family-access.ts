import { can, SERVER_ERRORS } from '@fogata/shared';
import type { AppContext } from '../context.js';
import { AppError } from '../lib/app-error.js';
import { AccessRepository, type ManagedSections, managedSectionsOf } from './access.repository.js';
import type { Viewer } from './viewer.js';

export type { ManagedSections } from './access.repository.js';

/*
 * Who may see and manage which child (decision 046), beside the gallery's pair (decision 041).
 * A child's full name, birth date and guardians are seen only by their managers — an admin every
 * child, a scouter the children of the sections they are assigned to — and by that child's own
 * guardians (their name and section, in 'Mis educandos'). Nobody else, never on a public page.
 * A child a viewer may not manage answers as if it did not exist (404). The SQL of these rules
 * lives in access.repository.ts. Who manages which section is said here once: an album's
 * audience, an invitation's children, a face's name and a removal request all ask it.
 */

export class FamilyAccess {
  constructor(private readonly ctx: Pick<AppContext, 'db'>) {}

  private repo() {
    return new AccessRepository(this.ctx.db);
  }

  /**
   * The sections whose children `viewer` manages: all (an admin), the ones they are assigned to (a
   * scouter), none (anyone else: `sectionIds` null).
   */
  managedSections(viewer: Viewer): ManagedSections {
    return managedSectionsOf(this.ctx.db.kysely, viewer);
  }

  /** The 404 of a missing child (SERVER_ERRORS.childNotFound) unless `viewer` manages child `id`. */
  async requireManagedChild(viewer: Viewer, id: number): Promise<void> {
    if (!(await this.childManaged(viewer, id))) {
      throw new AppError(404, SERVER_ERRORS.childNotFound);
    }
  }

  /** Whether `viewer` may put children in section `sectionId` (an admin: any; a scouter: theirs). */
  async mayManageSection(viewer: Viewer, sectionId: number): Promise<boolean> {
    return (await this.managedSectionIds(viewer, [sectionId])).has(sectionId);
  }

  /**
   * Which of sections `ids` `viewer` manages: an admin all of them (no query), a scouter those
   * they are assigned to (one query), nobody else any.
   */
  async managedSectionIds(viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
    const managed = this.managedSections(viewer);
    if (managed.all) return new Set(ids);
    if (!managed.sectionIds) return new Set();
    return this.repo().managedSectionIds(ids, managed);
  }

  /** The 403 of SERVER_ERRORS.sectionNotManaged unless `viewer` may put children in `sectionId`. */
  async requireManagedSection(viewer: Viewer, sectionId: number): Promise<void> {
    if (!(await this.mayManageSection(viewer, sectionId))) {
      throw new AppError(403, SERVER_ERRORS.sectionNotManaged);
    }
  }

  /**
   * The 404 of a missing child unless `viewer` is one of child `id`'s guardians (a family
   * answers, and sees the photos of, only their own children).
   */
  async requireOwnChild(viewer: Viewer, id: number): Promise<void> {
    if (!(await this.ownChildIds(viewer, [id])).has(id)) {
      throw new AppError(404, SERVER_ERRORS.childNotFound);
    }
  }

  /**
   * Which of children `ids` `viewer` manages: an admin all of them (no query: whether they exist
   * is the caller's read), a scouter those of their sections (one query), nobody else any.
   */
  async managedChildIds(viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
    const managed = this.managedSections(viewer);
    if (managed.all) return new Set(ids);
    if (!managed.sectionIds) return new Set();
    return this.repo().managedChildIds(ids, managed);
  }

  /** Whether child `id` exists and `viewer` manages it. */
  async childManaged(viewer: Viewer, id: number): Promise<boolean> {
    const managed = this.managedSections(viewer);
    if (!managed.all && !managed.sectionIds) return false;
    return (await this.repo().managedChildIds([id], managed)).has(id);
  }

  /** Which of children `ids` `viewer` answers for as family: they are a guardian of, in one query. */
  async ownChildIds(viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
    if (!viewer || !can(viewer.role, 'children:own')) return new Set();
    return this.repo().guardedChildIds(viewer.id, ids);
  }

  /** Which of children `ids` `viewer` may see the name of: theirs, or managed (see managedChildIds). */
  async seenChildIds(viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
    if (!viewer) return new Set();
    const [guarded, managed] = await Promise.all([
      this.repo().guardedChildIds(viewer.id, ids),
      this.managedChildIds(viewer, ids),
    ]);
    return new Set([...guarded, ...managed]);
  }

  /** Whether `viewer` is one of child `id`'s guardians. */
  private async isGuardianOf(viewer: NonNullable<Viewer>, id: number): Promise<boolean> {
    return (await this.repo().guardedChildIds(viewer.id, [id])).has(id);
  }

  /** Whether `viewer` may see child `id`'s name: one of its managers or one of its guardians. */
  async maySeeChild(viewer: Viewer, id: number): Promise<boolean> {
    if (!viewer) return false;
    if (await this.isGuardianOf(viewer, id)) return true;
    return this.childManaged(viewer, id);
  }
}
