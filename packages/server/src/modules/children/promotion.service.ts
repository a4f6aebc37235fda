import {
  type PromotionApplyInput,
  type PromotionMove,
  type PromotionProposal,
  type PromotionResult,
  SERVER_ERRORS,
  SERVER_SUCCESS,
  type SectionRef,
} from '@fogata/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { eraseChildHealth } from '../health/health.service.js';
import { ChildrenRepository } from './children.repository.js';

/** A child's age in whole years on `date` (both `YYYY-MM-DD`). */
export function ageOn(birthDate: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(birthDate.slice(0, 4));
  // Not yet their birthday that year (29 February counts from 1 March in other years).
  return date.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/**
 * The date the paso de sección counts ages on by default (decision 048): 1 September of the
 * current calendar year — from January to August the coming start of the scout year, from
 * September to December the start of the one just begun (when the paso is made).
 */
export function defaultPromotionDate(now = new Date()): string {
  return `${now.getUTCFullYear()}-09-01`;
}

interface SectionRange extends SectionRef {
  min_age: number;
  max_age: number;
  position: number;
  retired: boolean;
}

/** Whether `age` is in `section`'s range: from min_age to the day before max_age (decision 048). */
function fits(section: SectionRange, age: number): boolean {
  return section.min_age <= age && age < section.max_age;
}

/**
 * The paso de sección (decision 048): propose the year's moves from the birth dates and the
 * sections' age ranges, and apply the adjusted list in one transaction.
 */
export class PromotionService {
  constructor(private readonly ctx: AppContext) {}

  private async sections(): Promise<SectionRange[]> {
    const rows = await new ChildrenRepository(this.ctx.db).allSections();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      colour: r.colour,
      min_age: r.min_age,
      max_age: r.max_age,
      position: r.position,
      retired: r.retired_at !== null,
    }));
  }

  /**
   * Every active child whose age on `date` is outside their section's range (or whose section is
   * retired), with the first section in use, by position, whose range their age fits; past the
   * oldest section's range, `to` is null (they leave). A child no section fits and not past the
   * last (a gap between ranges, or younger than all) is left out: nothing to propose.
   */
  async propose(date = defaultPromotionDate()): Promise<PromotionProposal> {
    const [sections, children] = await Promise.all([
      this.sections(),
      new ChildrenRepository(this.ctx.db).activeChildren(),
    ]);
    const inUse = sections.filter((s) => !s.retired);
    const byId = new Map(sections.map((s) => [s.id, s]));
    const oldest = Math.max(...inUse.map((s) => s.max_age));
    const ref = (s: SectionRange): SectionRef => ({ id: s.id, name: s.name, colour: s.colour });
    const moves: PromotionMove[] = [];
    for (const child of children) {
      const current = byId.get(child.section_id);
      if (!current) continue;
      const age = ageOn(child.birth_date, date);
      if (!current.retired && fits(current, age)) continue;
      const target = inUse.find((s) => fits(s, age));
      if (!target && !(inUse.length > 0 && age >= oldest)) continue;
      moves.push({
        child_id: child.id,
        full_name: child.full_name,
        birth_date: child.birth_date,
        age,
        from: ref(current),
        to: target ? ref(target) : null,
      });
    }
    return { date, moves };
  }

  /**
   * Applies `moves` in one transaction: each child's current stay closes and a new one opens in
   * the new section (`section_id` null: they leave and become inactive), guardians stay linked,
   * one audit entry each. A child already where their move puts them is left alone, so two
   * applies at once (their rows are locked) move nobody twice.
   */
  async apply(actor: AuditActor, { moves }: PromotionApplyInput): Promise<PromotionResult> {
    const moved = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = new ChildrenRepository(trx);
      const sectionIds = [...new Set(moves.flatMap((m) => (m.section_id ? [m.section_id] : [])))];
      const sections = await repo.sectionsByIds(sectionIds);
      const sectionById = new Map(sections.map((s) => [s.id, s]));
      for (const id of sectionIds) {
        const section = sectionById.get(id);
        if (!section) throw new AppError(400, SERVER_ERRORS.sectionNotFound);
        if (section.retired_at !== null) throw new AppError(400, SERVER_ERRORS.sectionRetired);
      }
      const children = await repo.lock(
        moves.map((m) => m.child_id),
        this.ctx.db.dialect,
      );
      const childById = new Map(children.map((c) => [c.id, c]));
      const now = nowIso();
      let count = 0;
      for (const move of moves) {
        const child = childById.get(move.child_id);
        if (!child) throw new AppError(400, SERVER_ERRORS.promotionChildUnknown);
        const leaving = move.section_id === null;
        if (child.active !== 1) {
          // Already gone: the same leave applied twice is done; moving them is not a paso.
          if (leaving) continue;
          throw new AppError(400, SERVER_ERRORS.promotionChildUnknown);
        }
        if (!leaving && child.section_id === move.section_id) continue;
        await repo.closeStay(child.id, now);
        const to = leaving ? null : sectionById.get(move.section_id as number);
        if (to) {
          await repo.update(child.id, { section_id: to.id, updated_at: now });
          await repo.openStay(child.id, to.id, now);
        } else {
          await repo.update(child.id, { active: 0, updated_at: now });
          // Leaving the group: their ficha sanitaria goes at once.
          await eraseChildHealth(trx, child.id);
        }
        await recordAudit(trx, {
          actor,
          action: 'child.moved',
          target: { type: 'child', id: child.id, label: child.full_name },
          details: to ? { from: child.section_name, to: to.name } : { from: child.section_name },
        });
        count += 1;
      }
      return count;
    });
    return { message: SERVER_SUCCESS.promotionApplied(moved), moved };
  }
}
