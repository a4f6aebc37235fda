import { can, SERVER_ERRORS } from '@fogata/shared';
import type { AppContext } from '../context.js';
import { AppError } from '../lib/app-error.js';
import { FamilyAccessRepository } from './family-access.repository.js';
import type { Viewer } from './viewer.js';
import { scouterSectionIds } from './viewer-sections.js';

/*
 * Who may see and manage which child (decision 046), beside the gallery's pair (decision 041).
 * A child's full name, birth date and guardians are seen only by their managers — an admin every
 * child, a scouter the children of the sections they are assigned to — and by that child's own
 * guardians (their name and section, in 'Mis educandos'). Nobody else, never on a public page.
 * A child a viewer may not manage answers as if it did not exist (404). The SQL of these rules
 * lives in family-access.repository.ts.
 */

/** The sections whose children `viewer` manages. */
export type ManagedSections =
  | { all: true }
  | { all: false; sectionIds: ReturnType<typeof scouterSectionIds> | null };

export class FamilyAccess {
  constructor(private readonly ctx: Pick<AppContext, 'db'>) {}

  private repo() {
    return new FamilyAccessRepository(this.ctx.db);
  }

  /**
   * The sections whose children `viewer` manages: all (an admin), the ones they are assigned to (a
   * scouter), none (anyone else: `sectionIds` null).
   */
  managedSections(viewer: Viewer): ManagedSections {
    if (!viewer || !can(viewer.role, 'children:manage')) return { all: false, sectionIds: null };
    if (viewer.role === 'admin') return { all: true };
    return { all: false, sectionIds: scouterSectionIds(this.ctx.db.kysely, viewer.id) };
  }

  /** The 404 of a missing child (SERVER_ERRORS.childNotFound) unless `viewer` manages child `id`. */
  async requireManagedChild(viewer: Viewer, id: number): Promise<void> {
    if (!viewer || !can(viewer.role, 'children:manage')) {
      throw new AppError(404, SERVER_ERRORS.childNotFound);
    }
    const scouterId = viewer.role === 'admin' ? null : viewer.id;
    if (!(await this.repo().childManaged(id, scouterId))) {
      throw new AppError(404, SERVER_ERRORS.childNotFound);
    }
  }

  /** Whether `viewer` may put children in section `sectionId` (an admin: any; a scouter: theirs). */
  async mayManageSection(viewer: Viewer, sectionId: number): Promise<boolean> {
    if (!viewer || !can(viewer.role, 'children:manage')) return false;
    if (viewer.role === 'admin') return true;
    return this.repo().sectionAssigned(viewer.id, sectionId);
  }

  /** The 403 of SERVER_ERRORS.sectionNotManaged unless `viewer` may put children in `sectionId`. */
  async requireManagedSection(viewer: Viewer, sectionId: number): Promise<void> {
    if (!(await this.mayManageSection(viewer, sectionId))) {
      throw new AppError(403, SERVER_ERRORS.sectionNotManaged);
    }
  }

  /**
   * The 404 of a missing child unless `viewer` is one of child `id`'s guardians (issue #25: a
   * family answers, and sees the photos of, only their own children).
   */
  async requireOwnChild(viewer: Viewer, id: number): Promise<void> {
    if (
      !viewer ||
      !can(viewer.role, 'children:own') ||
      !(await this.repo().isGuardian(viewer.id, id))
    ) {
      throw new AppError(404, SERVER_ERRORS.childNotFound);
    }
  }

  /** Which of children `ids` `viewer` manages (an admin: all of them), in one query. */
  async managedChildIds(viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
    if (!viewer || !can(viewer.role, 'children:manage')) return new Set();
    if (viewer.role === 'admin') return new Set(ids);
    return this.repo().managedChildIds(ids, viewer.id);
  }

  /** Whether `viewer` may see child `id`'s name: one of its managers or one of its guardians. */
  async maySeeChild(viewer: Viewer, id: number): Promise<boolean> {
    if (!viewer) return false;
    if (await this.repo().isGuardian(viewer.id, id)) return true;
    if (!can(viewer.role, 'children:manage')) return false;
    return this.repo().childManaged(id, viewer.role === 'admin' ? null : viewer.id);
  }
}
