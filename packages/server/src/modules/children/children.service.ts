import {
  ACCOUNT_LOOKUP_LIMIT,
  type Child,
  type ChildCreateInput,
  type ChildDetail,
  type ChildListQuery,
  type ChildMutationResult,
  type ChildUpdateInput,
  type Guardian,
  type OwnChild,
  SERVER_ERRORS,
  SERVER_SUCCESS,
  type Section,
} from '@fogata/shared';
import type { Transaction } from 'kysely';
import { Access } from '../../access/access.js';
import type { Viewer } from '../../access/viewer.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { searchKey } from '../../db/search-key.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import { childrenChanged } from '../../media/renditions/face-changes.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { eraseChildHealth } from '../health/health.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { type ChildRow, ChildrenRepository, toChild } from './children.repository.js';

/** Who acts on a child: the signed-in manager (their id, name and role). */
export type ChildActor = AuditActor & NonNullable<Viewer>;

/** What an edit changed, in words for the audit trail. */
function changedFields(before: ChildRow, input: ChildUpdateInput): string {
  const fields: string[] = [];
  if (input.full_name !== undefined && input.full_name.trim() !== before.full_name) {
    fields.push('nombre');
  }
  if (input.birth_date !== undefined && input.birth_date !== before.birth_date) {
    fields.push('fecha de nacimiento');
  }
  if (input.active !== undefined && input.active !== (before.active === 1)) {
    fields.push(input.active ? 'vuelve a estar activo' : 'pasa a inactivo');
  }
  return fields.join(', ');
}

/**
 * The group's children (decision 046): an admin manages every child, a scouter the children of
 * their sections (the access policy, access.ts); a guardian sees their own in 'Mis educandos'.
 */
export class ChildrenService {
  private readonly access: Access;

  constructor(private readonly ctx: AppContext) {
    this.access = new Access(ctx);
  }

  private repo() {
    return new ChildrenRepository(this.ctx.db);
  }

  /** One page of the children `viewer` manages, with their guardians: three queries a page. */
  async list(viewer: Viewer, query: ChildListQuery): Promise<{ children: Child[]; total: number }> {
    const repo = this.repo();
    const filter = {
      managed: this.access.managedSections(viewer),
      search: query.q ? searchKey(query.q) : undefined,
      sectionId: query.section,
      status: query.status,
    };
    const { dialect } = this.ctx.db;
    const [rows, total] = await Promise.all([
      repo.page(filter, dialect, (query.page - 1) * query.limit, query.limit),
      repo.count(filter, dialect),
    ]);
    const guardians = await repo.guardiansOf(rows.map((r) => r.id));
    return { children: rows.map((r) => toChild(r, guardians.get(r.id) ?? [])), total };
  }

  /** Child `id` as its manager sees it, with the history of their sections. */
  async get(viewer: Viewer, id: number): Promise<ChildDetail> {
    await this.access.require(viewer, 'child.manage', id);
    const repo = this.repo();
    const [child, history] = await Promise.all([this.child(id), repo.history(id)]);
    return { ...child, history };
  }

  private async child(id: number, repo = this.repo()): Promise<Child> {
    const row = await repo.find(id);
    if (!row) throw new AppError(404, SERVER_ERRORS.childNotFound);
    const guardians = await repo.guardiansOf([id]);
    return toChild(row, guardians.get(id) ?? []);
  }

  /** The 400 of a section that is missing or retired: a child goes only into a section in use. */
  private async requireSectionInUse(trx: Transaction<Database>, sectionId: number) {
    const [section] = await new ChildrenRepository(trx).sectionsByIds([sectionId]);
    if (!section) {
      throw new AppError(400, SERVER_ERRORS.sectionNotFound, [
        { field: 'section_id', message: SERVER_ERRORS.sectionNotFound },
      ]);
    }
    if (section.retired_at !== null) {
      throw new AppError(400, SERVER_ERRORS.sectionRetired, [
        { field: 'section_id', message: SERVER_ERRORS.sectionRetired },
      ]);
    }
    return section;
  }

  async create(actor: ChildActor, input: ChildCreateInput): Promise<ChildMutationResult> {
    await this.access.require(actor, 'section.manage', input.section_id);
    const id = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const section = await this.requireSectionInUse(trx, input.section_id);
      const repo = new ChildrenRepository(trx);
      const now = nowIso();
      const name = input.full_name.trim();
      const newId = await repo.insert({
        full_name: name,
        name_search: searchKey(name),
        birth_date: input.birth_date,
        section_id: section.id,
        active: 1,
        created_at: now,
        updated_at: now,
      });
      await repo.openStay(newId, section.id, now);
      await recordAudit(trx, {
        actor,
        action: 'child.created',
        target: { type: 'child', id: newId, label: name },
        details: { section: section.name },
      });
      return newId;
    });
    return { message: SERVER_SUCCESS.childCreated, child: await this.child(id) };
  }

  /**
   * Edits child `id`. A new section closes their current stay and opens another (a scouter only
   * moves a child between their own sections); leaving (`active` false) closes the stay, coming
   * back opens one in their section.
   */
  async update(
    actor: ChildActor,
    id: number,
    input: ChildUpdateInput,
  ): Promise<ChildMutationResult> {
    await this.access.require(actor, 'child.manage', id);
    if (input.section_id !== undefined) {
      await this.access.require(actor, 'section.manage', input.section_id);
    }
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = new ChildrenRepository(trx);
      // The child's row locked first, as the paso de sección locks it: an edit and a paso (or two
      // edits) of the same child run one after the other, each from what the other left, so the
      // child never has two open stays nor one closed before it opened.
      await repo.lock([id], this.ctx.db.dialect);
      const before = await repo.find(id);
      if (!before) throw new AppError(404, SERVER_ERRORS.childNotFound);
      const now = nowIso();
      const moving = input.section_id !== undefined && input.section_id !== before.section_id;
      const section = moving
        ? await this.requireSectionInUse(trx, input.section_id as number)
        : null;
      const name = input.full_name?.trim() ?? before.full_name;
      const active = input.active ?? before.active === 1;
      await repo.update(id, {
        full_name: name,
        name_search: searchKey(name),
        birth_date: input.birth_date ?? before.birth_date,
        section_id: section?.id ?? before.section_id,
        active: active ? 1 : 0,
        updated_at: now,
      });
      const wasActive = before.active === 1;
      if (moving || (wasActive && !active)) await repo.closeStay(id, now);
      // A child who leaves the group takes their ficha sanitaria with them, at once.
      if (wasActive && !active) await eraseChildHealth(trx, id);
      if (active && (moving || !wasActive))
        await repo.openStay(id, section?.id ?? before.section_id, now);
      if (section) {
        await recordAudit(trx, {
          actor,
          action: 'child.moved',
          target: { type: 'child', id, label: name },
          details: { from: before.section_name, to: section.name },
        });
      }
      const fields = changedFields(before, input);
      if (fields) {
        await recordAudit(trx, {
          actor,
          action: 'child.updated',
          target: { type: 'child', id, label: name },
          details: { fields },
        });
      }
    });
    // A new birth date may cross the 14th birthday, which changes whose consent counts.
    if (input.birth_date !== undefined) await childrenChanged(this.ctx, [id]);
    return { message: SERVER_SUCCESS.childUpdated, child: await this.child(id) };
  }

  /** Links account `userId` to child `id` as a guardian (an account that exists). */
  link(actor: ChildActor, id: number, userId: number): Promise<ChildMutationResult> {
    return this.changeGuardian(actor, id, userId, 'linked');
  }

  /** Unlinks account `userId` from child `id`. */
  unlink(actor: ChildActor, id: number, userId: number): Promise<ChildMutationResult> {
    return this.changeGuardian(actor, id, userId, 'unlinked');
  }

  /** Links or unlinks a guardian, audited when it changed anything. */
  private async changeGuardian(
    actor: ChildActor,
    id: number,
    userId: number,
    change: 'linked' | 'unlinked',
  ): Promise<ChildMutationResult> {
    await this.access.require(actor, 'child.manage', id);
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const user = await new UsersRepository(trx).findById(userId);
      if (!user) throw new AppError(404, SERVER_ERRORS.userNotFound);
      const repo = new ChildrenRepository(trx);
      const child = await repo.find(id);
      if (!child) throw new AppError(404, SERVER_ERRORS.childNotFound);
      const changed =
        change === 'linked' ? await repo.link(id, userId, nowIso()) : await repo.unlink(id, userId);
      if (changed) {
        await recordAudit(trx, {
          actor,
          action: `guardian.${change}`,
          target: { type: 'child', id, label: child.full_name },
          details: { guardian: user.name, email: user.email },
        });
      }
    });
    // A guardian always sees their own child's face; the copies follow the link.
    await childrenChanged(this.ctx, [id]);
    const message =
      change === 'linked' ? SERVER_SUCCESS.guardianLinked : SERVER_SUCCESS.guardianUnlinked;
    return { message, child: await this.child(id) };
  }

  /** 'Mis educandos': the signed-in account's active children, with their section. */
  own(userId: number): Promise<OwnChild[]> {
    return this.repo().ownChildren(userId);
  }

  /**
   * Who to link as a guardian (decision 049): an admin searches names and e-mails; a scouter
   * finds an account only by its exact e-mail.
   */
  accounts(viewer: NonNullable<Viewer>, q: string): Promise<Guardian[]> {
    const repo = this.repo();
    if (viewer.role === 'admin') {
      return repo.searchAccounts(q.toLowerCase(), this.ctx.db.dialect, ACCOUNT_LOOKUP_LIMIT);
    }
    return repo.accountByEmail(q);
  }

  /** The sections in use `viewer` may put children in: every one for an admin, theirs for a scouter. */
  sections(viewer: NonNullable<Viewer>): Promise<Section[]> {
    return this.repo().sectionsInUse(this.access.managedSections(viewer));
  }
}
