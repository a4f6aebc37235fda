import {
  ACTIVITY_BOARD_ERRORS,
  ACTIVITY_ERRORS,
  type CalendarFeeds,
  ACTIVITY_BOARD_MESSAGES as M,
  SERVER_ERRORS,
} from '@fogata/shared';
import { Access } from '../../access/access.js';
import { activityForFamilyOf, activityForSection } from '../../access/access.repository.js';
import { ownActiveChildren } from '../../access/activity-access.js';
import type { Viewer } from '../../access/viewer.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { CalendarRepository, type FeedOwner, type FeedRow } from './calendar.repository.js';
import { FeedTokens } from './feed-token.js';
import { activitiesCalendar } from './ics.js';

/** How far back a feed goes: the past year's activities stay in the families' calendars. */
const FEED_PAST_MS = 365 * 24 * 3600_000;

/** The path of a feed's URL, outside /api: whoever holds it reads the feed, no session. */
export const FEED_PATH_PREFIX = '/calendar/';

const tokens = new WeakMap<AppContext, FeedTokens>();

function feedTokens(ctx: AppContext): FeedTokens {
  let t = tokens.get(ctx);
  if (!t) {
    t = new FeedTokens(ctx.config.jwtSecret);
    tokens.set(ctx, t);
  }
  return t;
}

/**
 * The calendar (decision 155): one activity as an .ics («Añadir al calendario»), and the private
 * feeds — a family's, with their children's activities, and a section's, for its scouters — at
 * URLs that can be shown again and reset. Drafts are never in a calendar; a cancelled activity
 * stays, as cancelled, so the families' calendars drop it.
 */
export class CalendarService {
  private readonly access: Access;

  constructor(private readonly ctx: AppContext) {
    this.access = new Access(ctx);
  }

  private repo() {
    return new CalendarRepository(this.ctx.db);
  }

  private url(row: FeedRow): string {
    return `${this.ctx.config.publicUrl}${FEED_PATH_PREFIX}${feedTokens(this.ctx).token(row)}.ics`;
  }

  /** The feed of `owner`, made the first time it is asked for. */
  private async feed(owner: FeedOwner): Promise<FeedRow> {
    const existing = await this.repo().feedOf(owner);
    if (existing) return existing;
    return this.ctx.db.kysely
      .transaction()
      .execute((trx) =>
        new CalendarRepository(trx).createFeed(owner, (row) =>
          FeedTokens.hash(feedTokens(this.ctx).token(row)),
        ),
      );
  }

  /** The viewer's feeds: their family's (none without an active child) and their sections'. */
  async feeds(viewer: NonNullable<Viewer>): Promise<CalendarFeeds> {
    const family = (await ownActiveChildren(this.ctx.db.kysely, viewer.id)).length > 0;
    const sections = await this.repo().managedSections(this.access.managedSections(viewer));
    return {
      family: family ? this.url(await this.feed({ userId: viewer.id })) : null,
      sections: await Promise.all(
        sections.map(async (section) => ({
          section,
          url: this.url(await this.feed({ sectionId: section.id })),
        })),
      ),
    };
  }

  /**
   * A new URL for the viewer's family feed, or for section `sectionId`'s (one they manage); the
   * old one stops answering.
   */
  async reset(viewer: NonNullable<Viewer>, sectionId?: number): Promise<{ url: string }> {
    let owner: FeedOwner = { userId: viewer.id };
    if (sectionId !== undefined) {
      const section = await this.repo().section(sectionId);
      if (!section || section.retired_at) throw new AppError(404, SERVER_ERRORS.sectionNotFound);
      await this.access.require(viewer, 'section.manage', sectionId);
      owner = { sectionId };
    }
    const row = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = new CalendarRepository(trx);
      await repo.dropFeeds(owner);
      return repo.createFeed(owner, (made) => FeedTokens.hash(feedTokens(this.ctx).token(made)));
    });
    return { url: this.url(row) };
  }

  /** The feed a URL's last segment (`<token>.ics`) names; a 404 for any other. */
  async feedIcs(file: string): Promise<string> {
    const token = FeedTokens.fromFile(file);
    const row = token ? await this.repo().feedByHash(FeedTokens.hash(token)) : undefined;
    if (!row) throw new AppError(404, ACTIVITY_BOARD_ERRORS.feedNotFound);
    const since = new Date(Date.now() - FEED_PAST_MS).toISOString();
    const { group, publicUrl } = this.ctx.config;
    if (row.section_id !== null) {
      const [section, activities] = await Promise.all([
        this.repo().section(row.section_id),
        this.repo().activities(activityForSection(row.section_id), since),
      ]);
      return activitiesCalendar(activities, {
        publicUrl,
        name: M.calendarSection(section?.name ?? '', group.name),
      });
    }
    // A family's feed shows what its account sees as family (never a draft).
    const activities =
      row.user_id === null
        ? []
        : await this.repo().activities(activityForFamilyOf(row.user_id), since);
    return activitiesCalendar(activities, { publicUrl, name: M.calendarFamily(group.name) });
  }

  /** One activity as an .ics, for whoever sees it. */
  async activityIcs(viewer: Viewer, id: number): Promise<{ filename: string; body: string }> {
    await this.access.require(viewer, 'activity.see', id);
    const activity = await this.repo().activity(id);
    if (!activity) throw new AppError(404, ACTIVITY_ERRORS.notFound);
    return {
      filename: `actividad-${id}.ics`,
      body: activitiesCalendar([activity], {
        publicUrl: this.ctx.config.publicUrl,
        name: activity.title,
      }),
    };
  }
}
