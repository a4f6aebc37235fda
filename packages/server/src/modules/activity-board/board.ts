import type { BoardCounts, BoardRow, ChildActivityStatus, PaymentMethod } from '@fogata/shared';
import type { AudienceChild } from '../../access/activity-access.js';

/** What the board is made of, each read once for the whole audience. */
export interface BoardReads {
  /** The active children of the audience. */
  children: AudienceChild[];
  /** Their sections. */
  sections: { id: number; name: string; colour: string; position: number }[];
  /** Each child's status as the activities module reads it (answer, place in line, autorización). */
  statuses: Map<number, ChildActivityStatus>;
  payments: {
    child_id: number;
    amount_cents: number;
    method: PaymentMethod;
    recorded_at: string;
  }[];
}

const byName = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/**
 * One row per child of the audience, by section (in the group's order) then name: their answer,
 * their place in the waiting list, their answers, their autorización and payment.
 */
export function boardRows(reads: BoardReads): BoardRow[] {
  const sections = new Map(reads.sections.map((s) => [s.id, s]));
  const payments = new Map(reads.payments.map((p) => [p.child_id, p]));
  const children = [...reads.children].sort(
    (a, b) =>
      (sections.get(a.section_id)?.position ?? 0) - (sections.get(b.section_id)?.position ?? 0) ||
      a.section_id - b.section_id ||
      byName.compare(a.full_name, b.full_name) ||
      a.id - b.id,
  );
  return children.map((child) => {
    const status = reads.statuses.get(child.id);
    const state = status?.authorization.state ?? 'missing';
    const section = sections.get(child.section_id);
    const payment = payments.get(child.id);
    return {
      child_id: child.id,
      child_name: child.full_name,
      section: { id: child.section_id, name: section?.name ?? '', colour: section?.colour ?? '' },
      signup: status?.signup ?? 'pendiente',
      waiting_position: status?.waiting_position ?? null,
      answers: status?.answers ?? {},
      authorization: {
        state,
        via: state === 'paper' ? 'paper' : state === 'missing' ? null : 'online',
        signatures: (status?.authorization.signatures ?? []).map((a) => ({
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
