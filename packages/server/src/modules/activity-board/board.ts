import {
  authorizationState,
  type BoardCounts,
  type BoardRow,
  type SignupShown,
} from '@fogata/shared';
import type { AudienceChild } from '../../access/activity-access.js';
import type { ActivityBoardRepository } from './activity-board.repository.js';

type Rows<K extends keyof ActivityBoardRepository> = ActivityBoardRepository[K] extends (
  ...args: never[]
) => Promise<infer R>
  ? R
  : never;

/** What the board is made of, each read once for the whole audience. */
export interface BoardReads {
  bothGuardians: boolean;
  /** The active children of the audience. */
  children: AudienceChild[];
  /** Their sections. */
  sections: Rows<'sections'>;
  /** How many guardians each child has. */
  guardians: Map<number, number>;
  signups: Rows<'signups'>;
  authorizations: Rows<'authorizations'>;
  payments: Rows<'payments'>;
}

/** A stored answers' JSON, or none when it does not parse (never a 500 for a bad row). */
function parseAnswers(json: string): Record<string, string | boolean> {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string | boolean] =>
          typeof entry[1] === 'string' || typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

const byName = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/**
 * One row per child of the audience, by section (in the group's order) then name: their answer,
 * their place in the waiting list (its order is when each said «Va»), their autorización and
 * payment.
 */
export function boardRows(reads: BoardReads): BoardRow[] {
  const sections = new Map(reads.sections.map((s) => [s.id, s]));
  const children = [...reads.children].sort(
    (a, b) =>
      (sections.get(a.section_id)?.position ?? 0) - (sections.get(b.section_id)?.position ?? 0) ||
      a.section_id - b.section_id ||
      byName.compare(a.full_name, b.full_name) ||
      a.id - b.id,
  );
  const signups = new Map(reads.signups.map((s) => [s.child_id, s]));
  const waiting = reads.signups.filter((s) => s.status === 'espera').map((s) => s.child_id);
  const payments = new Map(reads.payments.map((p) => [p.child_id, p]));
  const given = new Map<number, Rows<'authorizations'>>();
  for (const a of reads.authorizations) {
    const list = given.get(a.child_id) ?? [];
    list.push(a);
    given.set(a.child_id, list);
  }
  return children.map((child) => {
    const signup = signups.get(child.id);
    const shown: SignupShown = signup?.status ?? 'pendiente';
    const authorizations = given.get(child.id) ?? [];
    const state = authorizationState(
      reads.bothGuardians,
      reads.guardians.get(child.id) ?? 0,
      authorizations,
    );
    const section = sections.get(child.section_id);
    const payment = payments.get(child.id);
    return {
      child_id: child.id,
      child_name: child.full_name,
      section: { id: child.section_id, name: section?.name ?? '', colour: section?.colour ?? '' },
      signup: shown,
      waiting_position: shown === 'espera' ? waiting.indexOf(child.id) + 1 : null,
      answers: signup ? parseAnswers(signup.answers) : {},
      authorization: {
        state,
        via: state === 'paper' ? 'paper' : state === 'missing' ? null : 'online',
        signatures: authorizations
          .filter((a) => !a.withdrawn_at && !a.superseded_at)
          .map((a) => ({
            id: a.id,
            method: a.method,
            signer_name: a.signer_name,
            signed_at: a.signed_at,
          })),
      },
      payment: payment
        ? {
            amount_cents: payment.amount_cents,
            method: payment.method,
            recorded_at: payment.recorded_at,
          }
        : null,
    };
  });
}

/** Whether a row's autorización is whole (signed by as many as it needs, or on paper). */
export function isAuthorized(row: BoardRow): boolean {
  return row.authorization.state === 'online' || row.authorization.state === 'paper';
}

/** The counts at the top of the board. */
export function boardCounts(rows: readonly BoardRow[]): BoardCounts {
  const counts: BoardCounts = {
    total: rows.length,
    pendiente: 0,
    va: 0,
    no_va: 0,
    espera: 0,
    autorizado: 0,
    sin_autorizar: 0,
    pagado: 0,
  };
  for (const row of rows) {
    counts[row.signup] += 1;
    if (row.signup === 'va') {
      if (isAuthorized(row)) counts.autorizado += 1;
      else counts.sin_autorizar += 1;
    }
    if (row.payment) counts.pagado += 1;
  }
  return counts;
}
