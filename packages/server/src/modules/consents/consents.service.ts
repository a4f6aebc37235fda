import {
  type ChildConsents,
  CONSENT_GIVER_LABELS,
  CONSENT_PURPOSE_LABELS,
  CONSENT_PURPOSES,
  type ConsentGiver,
  type ConsentPurpose,
  type ConsentRegisterRow,
  type ConsentResult,
  type ConsentStatus,
  type ConsentText,
  type GuardianConsentInput,
  type ManagerConsentInput,
  SERVER_ERRORS,
  SERVER_SUCCESS,
} from '@fogata/shared';
import { Access } from '../../access/access.js';
import {
  type EffectiveConsent,
  effectiveConsents,
  ownConsentCounts,
  todayIso,
} from '../../access/image-consent.js';
import type { Viewer } from '../../access/viewer.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { nowIso } from '../../lib/tokens.js';
import { childrenChanged } from '../../media/renditions/face-changes.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { consentRegisterCsv } from './consent-csv.js';
import {
  type ConsentHistoryRow,
  ConsentsRepository,
  type ConsentTextRow,
  type RegisterChildRow,
} from './consents.repository.js';

/** How many times a new version of the text is tried while other admins save theirs. */
const TEXT_SAVE_ATTEMPTS = 5;

/** Who acts: the signed-in account. */
export type ConsentActor = AuditActor & NonNullable<Viewer>;

function toText(row: ConsentTextRow): ConsentText {
  return {
    version: row.version,
    body: row.body,
    created_at: row.created_at,
    created_by: row.created_by,
  };
}

/** Each purpose's state today, from the effective consents of one child. */
function statusesOf(
  byPurpose: Map<ConsentPurpose, EffectiveConsent> | undefined,
  currentVersion: number,
): ConsentStatus[] {
  return CONSENT_PURPOSES.map((purpose) => {
    const effective = byPurpose?.get(purpose);
    if (!effective) {
      return {
        purpose,
        state: 'none',
        given_by: null,
        at: null,
        text_version: null,
        outdated: false,
      };
    }
    return {
      purpose,
      state: effective.granted ? 'granted' : 'refused',
      given_by: effective.givenBy,
      at: effective.at,
      text_version: effective.textVersion,
      outdated: effective.textVersion < currentVersion,
    };
  });
}

function toRecord(row: ConsentHistoryRow) {
  return {
    id: row.id,
    purpose: row.purpose,
    granted: row.granted === 1,
    given_by: row.given_by,
    recorded_by: row.recorded_by,
    note: row.note,
    text_version: row.text_version,
    created_at: row.created_at,
  };
}

/**
 * The consent register (decisions 061 and 070–072): a guardian answers for their
 * own children in 'Mis educandos'; a manager records a signed paper form or, from the 14th
 * birthday, the young person's own consent; an admin writes new versions of the text; managers
 * read the register per section and download it as CSV. Every answer is a new row (the table is
 * append-only) and an audit entry naming the child by number, never by name.
 */
export class ConsentsService {
  private readonly access: Access;

  /** `today` is the date birthdays are counted on (the demo seeds as of its own date). */
  constructor(
    private readonly ctx: AppContext,
    private readonly today: () => string = () => todayIso(),
  ) {
    this.access = new Access(ctx);
  }

  private repo() {
    return new ConsentsRepository(this.ctx.db);
  }

  private async currentText(repo = this.repo()): Promise<ConsentTextRow> {
    const text = await repo.currentText();
    // Migration 014 writes version 1 and nothing deletes one: never missing in a real install.
    if (!text) throw new AppError(500, SERVER_ERRORS.internal);
    return text;
  }

  /** Child `id`'s consents: the current text, each purpose today, the history. Five queries. */
  private async consentsOf(id: number): Promise<ChildConsents> {
    const repo = this.repo();
    const today = this.today();
    const [child, text, effective, history] = await Promise.all([
      repo.child(id),
      this.currentText(repo),
      effectiveConsents(this.ctx.db.kysely, [id], today),
      repo.history([id]),
    ]);
    if (!child) throw new AppError(404, SERVER_ERRORS.childNotFound);
    return {
      child_id: child.id,
      full_name: child.full_name,
      own_counts: ownConsentCounts(child.birth_date, today),
      text: toText(text),
      purposes: statusesOf(effective.get(id), text.version),
      history: history.map(toRecord),
    };
  }

  /** A guardian's view of their child's consents (another family's child: 404). */
  async forGuardian(viewer: Viewer, id: number): Promise<ChildConsents> {
    await this.access.require(viewer, 'child.own', id);
    return this.consentsOf(id);
  }

  /** A manager's view (an admin any child, a scouter their sections' children; else 404). */
  async forManager(viewer: Viewer, id: number): Promise<ChildConsents> {
    await this.access.require(viewer, 'child.manage', id);
    return this.consentsOf(id);
  }

  /**
   * A guardian gives, changes or withdraws consent for one purpose. From the child's 14th
   * birthday a family's answer no longer counts (decision 061): a 400 that says a manager
   * records the young person's own.
   */
  async answer(
    actor: ConsentActor,
    id: number,
    input: GuardianConsentInput,
  ): Promise<ConsentResult> {
    await this.access.require(actor, 'child.own', id);
    return this.record(actor, id, {
      purpose: input.purpose,
      granted: input.granted,
      givenBy: 'guardian',
      note: null,
    });
  }

  /** A manager records a signed paper form (before 14) or the young person's own (from 14). */
  async recordByManager(
    actor: ConsentActor,
    id: number,
    input: ManagerConsentInput,
  ): Promise<ConsentResult> {
    await this.access.require(actor, 'child.manage', id);
    return this.record(actor, id, {
      purpose: input.purpose,
      granted: input.granted,
      givenBy: input.given_by,
      note: input.note?.trim() || null,
    });
  }

  private async record(
    actor: ConsentActor,
    id: number,
    r: { purpose: ConsentPurpose; granted: boolean; givenBy: ConsentGiver; note: string | null },
  ): Promise<ConsentResult> {
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = new ConsentsRepository(trx);
      const [child, text] = await Promise.all([repo.child(id), this.currentText(repo)]);
      if (!child) throw new AppError(404, SERVER_ERRORS.childNotFound);
      const own = ownConsentCounts(child.birth_date, this.today());
      if (own && r.givenBy === 'guardian') {
        throw new AppError(400, SERVER_ERRORS.consentOwnFromFourteen);
      }
      if (own && r.givenBy === 'paper') {
        throw new AppError(400, SERVER_ERRORS.consentPaperFromFourteen, [
          { field: 'given_by', message: SERVER_ERRORS.consentPaperFromFourteen },
        ]);
      }
      if (!own && r.givenBy === 'own') {
        throw new AppError(400, SERVER_ERRORS.consentOwnBeforeFourteen, [
          { field: 'given_by', message: SERVER_ERRORS.consentOwnBeforeFourteen },
        ]);
      }
      await repo.insert({
        child_id: id,
        purpose: r.purpose,
        granted: r.granted ? 1 : 0,
        given_by: r.givenBy,
        recorded_by: actor.id,
        note: r.note,
        text_version: text.version,
        created_at: nowIso(),
      });
      // The child by number only: the audit log is append-only, so it keeps no name it need not.
      await recordAudit(trx, {
        actor,
        action: 'consent.recorded',
        target: { type: 'child', id, label: null },
        details: {
          purpose: CONSENT_PURPOSE_LABELS[r.purpose],
          granted: r.granted ? 'sí' : 'no',
          given_by: CONSENT_GIVER_LABELS[r.givenBy],
        },
      });
    });
    // After the commit: the blurred copies of this child's photos are made again (blur, pub).
    await childrenChanged(this.ctx, [id]);
    return {
      message: r.granted ? SERVER_SUCCESS.consentGranted : SERVER_SUCCESS.consentRefused,
      consents: await this.consentsOf(id),
    };
  }

  /** Every version of the text, newest first. */
  async texts(): Promise<ConsentText[]> {
    return (await this.repo().allTexts()).map(toText);
  }

  /** The current version (what 'Mis educandos' shows). */
  async text(): Promise<ConsentText> {
    return toText(await this.currentText());
  }

  /**
   * Appends a new version of the text (its number: the latest's plus one), and answers with that
   * version, whatever another admin saved just after it.
   */
  async writeText(
    actor: ConsentActor,
    body: string,
  ): Promise<{ message: string; text: ConsentText }> {
    const version = await this.appendText(actor, body.trim());
    const saved = await this.repo().textOf(version);
    if (!saved) throw new AppError(500, SERVER_ERRORS.internal);
    return { message: SERVER_SUCCESS.consentTextCreated(version), text: toText(saved) };
  }

  /**
   * One version appended. Two admins at once on PostgreSQL both read the same latest version and
   * the second insert meets the unique version and fails whole: it is tried again, and becomes the
   * version after the first's (SQLite's writers already go one at a time).
   */
  private async appendText(actor: ConsentActor, body: string, attempt = 1): Promise<number> {
    try {
      return await this.ctx.db.kysely.transaction().execute(async (trx) => {
        const repo = new ConsentsRepository(trx);
        const next = (await this.currentText(repo)).version + 1;
        const rowId = await repo.insertText(next, body, actor.id, nowIso());
        await recordAudit(trx, {
          actor,
          action: 'consent_text.created',
          target: { type: 'consent_text', id: rowId, label: `Versión ${next}` },
          details: { version: String(next) },
        });
        return next;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (attempt < TEXT_SAVE_ATTEMPTS) return this.appendText(actor, body, attempt + 1);
      throw new AppError(409, SERVER_ERRORS.consentTextBusy);
    }
  }

  /** The register's rows of `children`: three queries for the page (the text, two of consent). */
  private async registerRows(children: RegisterChildRow[]): Promise<ConsentRegisterRow[]> {
    const today = this.today();
    const [effective, text] = await Promise.all([
      effectiveConsents(
        this.ctx.db.kysely,
        children.map((c) => c.id),
        today,
      ),
      this.currentText(),
    ]);
    return children.map((c) => ({
      child_id: c.id,
      full_name: c.full_name,
      birth_date: c.birth_date,
      section: { id: c.section_id, name: c.section_name, colour: c.section_colour },
      own_counts: ownConsentCounts(c.birth_date, today),
      purposes: statusesOf(effective.get(c.id), text.version),
    }));
  }

  /**
   * One page of section `sectionId`'s register: its active children and, per purpose, whether
   * they may appear today. A scouter only for their own sections (403 otherwise).
   */
  async register(
    viewer: Viewer,
    sectionId: number,
    page: { page: number; limit: number },
  ): Promise<{ rows: ConsentRegisterRow[]; total: number }> {
    await this.access.require(viewer, 'section.manage', sectionId);
    const repo = this.repo();
    const [children, total] = await Promise.all([
      repo.registerChildren(sectionId, {
        offset: (page.page - 1) * page.limit,
        limit: page.limit,
      }),
      repo.registerCount(sectionId),
    ]);
    return { rows: await this.registerRows(children), total };
  }

  /** The whole register of section `sectionId` as a CSV file, and its file name. */
  async registerCsv(viewer: Viewer, sectionId: number): Promise<{ csv: string; fileName: string }> {
    await this.access.require(viewer, 'section.manage', sectionId);
    const repo = this.repo();
    const section = await repo.section(sectionId);
    if (!section) throw new AppError(404, SERVER_ERRORS.sectionNotFound);
    const rows = await this.registerRows(await repo.registerChildren(sectionId));
    const today = this.today();
    return { csv: consentRegisterCsv(rows), fileName: registerFileName(section.name, today) };
  }
}

/** `consentimientos-tropa-2026-11-25.csv`: the section's name in plain ASCII letters. */
export function registerFileName(sectionName: string, today: string): string {
  const slug = sectionName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `consentimientos-${slug || 'seccion'}-${today}.csv`;
}
