import {
  MSG,
  SERVER_ERRORS,
  SERVER_SUCCESS,
  type Section,
  type SectionCreateInput,
  type SectionMutationResult,
  type SectionScouter,
  type SectionUpdateInput,
} from '@fogata/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { nowIso } from '../../lib/tokens.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { type SectionRow, SectionsRepository, toSection } from './sections.repository.js';

/** What an edit changed, in words for the audit trail ("nombre Tropa → Tropa Kim, edades 11–14 → 10–13"). */
function describeChange(before: SectionRow, after: SectionRow): string {
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`nombre ${before.name} → ${after.name}`);
  if (before.min_age !== after.min_age || before.max_age !== after.max_age) {
    parts.push(`edades ${before.min_age}–${before.max_age} → ${after.min_age}–${after.max_age}`);
  }
  if (before.colour !== after.colour) parts.push(`color ${before.colour} → ${after.colour}`);
  if (before.position !== after.position)
    parts.push(`orden ${before.position} → ${after.position}`);
  if (before.retired_at !== null && after.retired_at === null) parts.push('vuelve a estar en uso');
  return parts.join(', ');
}

/** The group's sections (decision 140): list, add, edit, retire, and their scouters. */
export class SectionsService {
  constructor(private readonly ctx: AppContext) {}

  private repo() {
    return new SectionsRepository(this.ctx.db);
  }

  /** The sections in use by position; with the retired ones when `all`. */
  async list(all: boolean): Promise<Section[]> {
    return (await this.repo().list(all)).map(toSection);
  }

  private async row(id: number): Promise<SectionRow> {
    const row = await this.repo().find(id);
    if (!row) throw new AppError(404, SERVER_ERRORS.sectionNotFound);
    return row;
  }

  async create(actor: AuditActor, input: SectionCreateInput): Promise<SectionMutationResult> {
    const name = input.name.trim();
    const id = await this.write(async (trx) => {
      const repo = new SectionsRepository(trx);
      if (await repo.nameTaken(name)) throw new AppError(409, SERVER_ERRORS.sectionNameTaken);
      const now = nowIso();
      const newId = await repo.insert({
        name,
        min_age: input.min_age,
        max_age: input.max_age,
        colour: input.colour.toLowerCase(),
        position: input.position ?? (await repo.nextPosition()),
        retired_at: null,
        created_at: now,
        updated_at: now,
      });
      await recordAudit(trx, {
        actor,
        action: 'section.created',
        target: { type: 'section', id: newId, label: name },
        details: { ages: `${input.min_age}–${input.max_age}` },
      });
      return newId;
    });
    return { message: SERVER_SUCCESS.sectionCreated, section: toSection(await this.row(id)) };
  }

  async update(
    actor: AuditActor,
    id: number,
    input: SectionUpdateInput,
  ): Promise<SectionMutationResult> {
    const message = await this.write(async (trx) => {
      const repo = new SectionsRepository(trx);
      const before = await repo.find(id);
      if (!before) throw new AppError(404, SERVER_ERRORS.sectionNotFound);
      const name = input.name?.trim() ?? before.name;
      const min = input.min_age ?? before.min_age;
      const max = input.max_age ?? before.max_age;
      if (min >= max) {
        throw new AppError(400, MSG.sectionAgeOrder, [
          { field: 'max_age', message: MSG.sectionAgeOrder },
        ]);
      }
      if (name !== before.name && (await repo.nameTaken(name, id))) {
        throw new AppError(409, SERVER_ERRORS.sectionNameTaken);
      }
      const retiring = input.retired === true && before.retired_at === null;
      const retiredAt =
        input.retired === undefined
          ? before.retired_at
          : input.retired
            ? (before.retired_at ?? nowIso())
            : null;
      const after: SectionRow = {
        ...before,
        name,
        min_age: min,
        max_age: max,
        colour: input.colour?.toLowerCase() ?? before.colour,
        position: input.position ?? before.position,
        retired_at: retiredAt,
        updated_at: nowIso(),
      };
      await repo.update(id, {
        name: after.name,
        min_age: after.min_age,
        max_age: after.max_age,
        colour: after.colour,
        position: after.position,
        retired_at: after.retired_at,
        updated_at: after.updated_at,
      });
      const change = describeChange(before, after);
      if (change) {
        await recordAudit(trx, {
          actor,
          action: 'section.updated',
          target: { type: 'section', id, label: after.name },
          details: { change },
        });
      }
      if (retiring) {
        await recordAudit(trx, {
          actor,
          action: 'section.retired',
          target: { type: 'section', id, label: after.name },
        });
        return SERVER_SUCCESS.sectionRetired;
      }
      if (before.retired_at !== null && after.retired_at === null) {
        return SERVER_SUCCESS.sectionRestored;
      }
      return SERVER_SUCCESS.sectionUpdated;
    });
    return { message, section: toSection(await this.row(id)) };
  }

  async scouters(id: number): Promise<SectionScouter[]> {
    await this.row(id);
    return this.repo().scouters(id);
  }

  /** Makes `userIds` (accounts whose role is scouter) the scouters of section `id`. */
  async setScouters(
    actor: AuditActor,
    id: number,
    userIds: readonly number[],
  ): Promise<{ message: string; scouters: SectionScouter[] }> {
    const ids = [...new Set(userIds)];
    // Not `write`: no name is saved here, so a clash is never the name's.
    const scouters = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = new SectionsRepository(trx);
      const section = await repo.lock(id, this.ctx.db.dialect);
      if (!section) throw new AppError(404, SERVER_ERRORS.sectionNotFound);
      const roles = await repo.rolesOf(ids);
      if (ids.some((u) => roles.get(u) !== 'scouter')) {
        throw new AppError(400, SERVER_ERRORS.scoutersOnly);
      }
      const before = await repo.scouters(id);
      await repo.setScouters(id, ids);
      const after = await repo.scouters(id);
      const names = (list: SectionScouter[]) => list.map((s) => s.name).join(', ') || 'ninguno';
      if (names(before) !== names(after)) {
        await recordAudit(trx, {
          actor,
          action: 'section.updated',
          target: { type: 'section', id, label: section.name },
          details: { change: `scouters ${names(before)} → ${names(after)}` },
        });
      }
      return after;
    });
    // The list this save left, not what another admin's save made of it just after.
    return { message: SERVER_SUCCESS.sectionScoutersUpdated, scouters };
  }

  /** Runs `work` in a transaction; a name taken meanwhile (the unique index) is the same 409. */
  private async write<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    try {
      return await this.ctx.db.kysely.transaction().execute(work);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, SERVER_ERRORS.sectionNameTaken);
      throw err;
    }
  }
}
