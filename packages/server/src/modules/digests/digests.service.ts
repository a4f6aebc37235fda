import { ACTIVITY_BOARD_MESSAGES, DIGEST_MESSAGES, ROUTES } from '@fogata/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { PeriodicCheck } from '../../lib/periodic-check.js';
import { digestMail } from '../../mail/templates.js';
import { recordPublications } from '../../media/copies/public-copies.repository.js';
import { formatWhen, pendingActivitiesFor } from '../activity-board/activity-board.service.js';
import { type DigestCover, DigestCovers } from './digest-covers.js';
import { digestSince, isDigestDue } from './digest-schedule.js';
import { DigestTokens } from './digest-token.js';
import {
  type DigestCandidate,
  type DigestContent,
  DigestsRepository,
} from './digests.repository.js';

/** Items listed per kind of content; the rest is a count and a link to the list. */
const ITEMS_PER_SECTION = 10;

/** The one-click unsubscribe URL the List-Unsubscribe header carries (RFC 8058). */
export const UNSUBSCRIBE_API_PATH = '/api/digest/unsubscribe';

const tokens = new WeakMap<AppContext, DigestTokens>();

export function digestTokens(ctx: AppContext): DigestTokens {
  let t = tokens.get(ctx);
  if (!t) {
    t = new DigestTokens(ctx.config.jwtSecret);
    tokens.set(ctx, t);
  }
  return t;
}

/** What a digest carries: what is new, and the activities still waiting for the family's answer. */
type DigestMailContent = DigestContent & {
  activities: { id: number; title: string; signup_deadline: string }[];
};

function isEmpty(content: DigestMailContent): boolean {
  return (
    content.albums.total +
      content.news.total +
      content.experiences.total +
      content.activities.length ===
    0
  );
}

/**
 * The e-mail digest (decision 022). Every instance checks every `config.digest.checkMs`; the
 * database decides who sends: a member's digest is claimed with a compare-and-set on
 * `users.digest_last_sent_at` in the transaction that enqueues the mail, so two instances (or a
 * restart in the middle) never send one twice, and the mail goes through the durable queue.
 */
export class DigestService {
  private readonly periodic: PeriodicCheck;

  constructor(private readonly ctx: AppContext) {
    this.periodic = new PeriodicCheck((now) => this.check(now), {
      everyMs: ctx.config.digest.checkMs,
      log: ctx.log,
      failure: 'no se pudieron preparar los resúmenes; se reintentará',
    });
  }

  /** Starts the periodic check (the app's onReady); the first one after one interval. */
  start(): void {
    this.periodic.start();
  }

  /** Stops the check (the app's onClose) and waits for one on its way. */
  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /**
   * One check at `now`: enqueues a digest for every member who is due one and has something new.
   * Returns how many this instance enqueued. One check at a time per process.
   */
  runOnce(now = new Date()): Promise<number> {
    return this.periodic.runOnce(now);
  }

  private async check(now: Date): Promise<number> {
    const { config } = this.ctx;
    const repo = new DigestsRepository(this.ctx.db);
    const candidates = await repo.candidates();
    // Each cover is rendered once per set of blurred faces, for every recipient of this check.
    const covers = new DigestCovers(this.ctx);
    let sent = 0;
    for (const member of candidates) {
      if (!isDigestDue(member.digest, member.digest_last_sent_at, now, config.digest)) continue;
      const nowIso = now.toISOString();
      const since = digestSince(member.digest_last_sent_at, member.created_at, now);
      const content: DigestMailContent = {
        ...(await repo.newContent(member, since, nowIso, ITEMS_PER_SECTION)),
        activities: await pendingActivitiesFor(this.ctx, member.id, nowIso),
      };
      // Nothing new: no mail, and nothing recorded (the next check looks again).
      if (isEmpty(content)) continue;
      const memberCovers = await covers.for(member, content.albums.items);
      const claimed = await this.ctx.db.kysely.transaction().execute(async (trx) => {
        if (
          !(await new DigestsRepository(trx).claim(member.id, member.digest_last_sent_at, nowIso))
        )
          return false;
        await this.ctx.mailQueue.enqueue(this.mailFor(member, content, memberCovers), { trx });
        // The ledger (decision 086): each cover went to this member, with these faces blurred.
        await recordPublications(
          trx,
          memberCovers.map((cover) => ({
            image_kind: 'album' as const,
            image_id: cover.albumId,
            channel: 'digest' as const,
            title: content.albums.items.find((a) => a.id === cover.albumId)?.title ?? '',
            recipients: 1,
            recipient_id: member.id,
            blurred_faces: cover.blurredFaces,
            created_at: nowIso,
          })),
        );
        return true;
      });
      if (claimed) sent += 1;
    }
    if (sent > 0) this.ctx.mailQueue.kick();
    return sent;
  }

  private mailFor(member: DigestCandidate, content: DigestMailContent, covers: DigestCover[]) {
    const { publicUrl, group } = this.ctx.config;
    const token = digestTokens(this.ctx).sign(member);
    const query = `?token=${encodeURIComponent(token)}`;
    const section = (
      heading: string,
      { items, total }: DigestContent['albums'],
      path: (id: number) => string,
      all: string,
    ) => ({
      heading,
      items: items.map((i) => ({ title: i.title, link: `${publicUrl}${path(i.id)}` })),
      total,
      allLink: `${publicUrl}${all}`,
    });
    return digestMail({
      to: member.email,
      name: member.name,
      groupName: group.name,
      frequency: member.digest === 'daily' ? 'daily' : 'weekly',
      sections: [
        // What needs the family first: the activities of their children still unanswered.
        {
          heading: ACTIVITY_BOARD_MESSAGES.digestHeading,
          items: content.activities.slice(0, ITEMS_PER_SECTION).map((a) => ({
            title: ACTIVITY_BOARD_MESSAGES.digestItem(a.title, formatWhen(a.signup_deadline)),
            link: `${publicUrl}${ROUTES.activity.getHref(a.id)}`,
          })),
          total: content.activities.length,
          allLink: `${publicUrl}${ROUTES.activities.getHref()}`,
        },
        {
          ...section('Álbumes', content.albums, ROUTES.album.getHref, ROUTES.gallery.getHref()),
          // Each album with its cover, inline (decision 087).
          items: content.albums.items.map((album) => {
            const cover = covers.find((c) => c.albumId === album.id);
            return {
              title: album.title,
              link: `${publicUrl}${ROUTES.album.getHref(album.id)}`,
              ...(cover
                ? {
                    image: {
                      cid: cover.cid,
                      alt: `Portada del álbum «${album.title}»`,
                      width: cover.width,
                      height: cover.height,
                    },
                  }
                : {}),
            };
          }),
        },
        section('Noticias', content.news, ROUTES.newsDetail.getHref, ROUTES.news.getHref()),
        section(
          'Experiencias',
          content.experiences,
          ROUTES.experienceDetail.getHref,
          ROUTES.experiences.getHref(),
        ),
      ],
      profileLink: `${publicUrl}${ROUTES.profileEdit.getHref()}`,
      unsubscribeLink: `${publicUrl}${ROUTES.unsubscribe.getHref(token)}`,
      oneClickUrl: `${publicUrl}${UNSUBSCRIBE_API_PATH}${query}`,
      attachments: covers.map(({ cid, filename, contentType, content, shows }) => ({
        cid,
        filename,
        contentType,
        content,
        ...(shows && { shows }),
      })),
    });
  }

  /**
   * Unsubscribes the member a token names (the link in a digest, or a mail client's one-click
   * POST). Malformed or forged: 400. The account is gone: 404. Already out: still a success.
   */
  async unsubscribe(token: string): Promise<{ message: string }> {
    const id = DigestTokens.userIdOf(token);
    if (id === null) throw new AppError(400, DIGEST_MESSAGES.unsubscribeInvalid);
    const repo = new DigestsRepository(this.ctx.db);
    const user = await repo.findUser(id);
    if (!user) throw new AppError(404, DIGEST_MESSAGES.unsubscribeUnknown);
    if (!digestTokens(this.ctx).verify(token, user)) {
      throw new AppError(400, DIGEST_MESSAGES.unsubscribeInvalid);
    }
    if (user.digest !== 'never') await repo.unsubscribe(id);
    return { message: DIGEST_MESSAGES.unsubscribed };
  }
}
