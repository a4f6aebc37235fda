import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { PeriodicCheck } from '../../lib/periodic-check.js';

/*
 * Health data kept no longer than it is needed. What a guardian confirmed for an activity goes
 * `health_retention_days` (a group setting, 30 unless an admin changed it) after the activity
 * ends, and the activity is marked `health_erased_at`; the ficha of a child who left the group goes
 * too. The job decides everything from what the database holds at `now` — no state of its own, no
 * "last run" — so running it twice, or again after a restart or a crash, erases exactly what is
 * due and nothing else: a run that stopped halfway left its transaction unwritten, and the next
 * one finds the same rows due.
 */

const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;
/** When the group setting is missing or unreadable. */
export const DEFAULT_HEALTH_RETENTION_DAYS = 30;

/** What one run erased. */
export interface HealthErasureResult {
  /** Activities whose confirmations went (now marked `health_erased_at`). */
  activities: number;
  /** Fichas of children who left the group. */
  records: number;
}

/** The group's `health_retention_days`, or the default. */
async function retentionDays(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('group_settings')
    .select('value')
    .where('key', '=', 'health_retention_days')
    .executeTakeFirst();
  const days = Number(row?.value);
  return row && Number.isInteger(days) && days >= 0 ? days : DEFAULT_HEALTH_RETENTION_DAYS;
}

/**
 * The last instant of an activity: its end, or for a weekly reunión the end of the last day it
 * repeats (Madrid is at most two hours ahead of UTC: the end of that day in UTC is late enough).
 */
function lastEnd(row: { ends_at: string; repeats_weekly_until: string | null }): string {
  if (!row.repeats_weekly_until) return row.ends_at;
  const repeatsEnd = `${row.repeats_weekly_until}T23:59:59.999Z`;
  return repeatsEnd > row.ends_at ? repeatsEnd : row.ends_at;
}

/** One run of the erasure at `now`, all of it in one transaction. */
export async function eraseDueHealthData(
  ctx: Pick<AppContext, 'db'>,
  now = new Date(),
): Promise<HealthErasureResult> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const days = await retentionDays(trx);
    const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
    const candidates = await trx
      .selectFrom('activities')
      .select(['id', 'ends_at', 'repeats_weekly_until'])
      .where('health_erased_at', 'is', null)
      .where('ends_at', '<=', cutoff)
      .execute();
    const due = candidates.filter((row) => lastEnd(row) <= cutoff).map((row) => row.id);
    if (due.length > 0) {
      await trx
        .deleteFrom('activity_health_confirmations')
        .where('activity_id', 'in', due)
        .execute();
      await trx
        .updateTable('activities')
        .set({ health_erased_at: now.toISOString() })
        .where('id', 'in', due)
        .where('health_erased_at', 'is', null)
        .execute();
    }
    const gone = await trx
      .deleteFrom('health_records')
      .where('child_id', 'in', (eb) =>
        eb.selectFrom('children').select('children.id').where('children.active', '=', 0),
      )
      .executeTakeFirst();
    return { activities: due.length, records: Number(gone.numDeletedRows) };
  });
}

/** The erasure as a background job: a minute after the start, then every hour. */
export function healthErasureJob(ctx: AppContext): { start(): void; stop(): Promise<void> } {
  const check = new PeriodicCheck(
    async (now) => {
      const { activities, records } = await eraseDueHealthData(ctx, now);
      return activities + records;
    },
    {
      everyMs: HOUR_MS,
      log: ctx.log,
      failure: 'no se pudieron borrar los datos de salud caducados; se reintentará',
    },
  );
  const fail = (err: unknown) =>
    ctx.log.error({ err }, 'no se pudieron borrar los datos de salud caducados; se reintentará');
  let first: NodeJS.Timeout | null = null;
  return {
    start() {
      check.start();
      first = setTimeout(() => check.runOnce().catch(fail), 60_000);
      first.unref();
    },
    async stop() {
      if (first) clearTimeout(first);
      await check.stop();
    },
  };
}
