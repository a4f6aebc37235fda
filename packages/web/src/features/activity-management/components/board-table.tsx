import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { SectionBadge } from '../../../components/section-badge';
import { formatDateTime } from '../../../lib/format-date';
import {
  AUTHORIZATION_LABELS,
  euros,
  PAYMENT_METHOD_LABELS,
  SIGNUP_LABELS,
  BOARD_TEXTS as T,
} from '../texts';
import type { ActivityQuestion, BoardRow } from '../types';

const SIGNUP_BG = {
  pendiente: 'secondary',
  va: 'success',
  no_va: 'dark',
  espera: 'warning',
} as const;
const AUTHORIZATION_BG = {
  online: 'success',
  paper: 'success',
  partial: 'warning',
  missing: 'danger',
} as const;

export type RowAction = 'payment' | 'undo-payment' | 'paper';

interface BoardTableProps {
  rows: BoardRow[];
  questions: ActivityQuestion[];
  /** Guardians needed per child (an activity asking for both: two). */
  bothGuardians: boolean;
  busyChild: number | null;
  onAction: (row: BoardRow, action: RowAction) => void;
}

function signupText(row: BoardRow): string {
  return row.signup === 'espera' && row.waiting_position !== null
    ? T.waiting(row.waiting_position)
    : SIGNUP_LABELS[row.signup];
}

function answerText(answer: string | boolean | undefined): string {
  if (answer === undefined || answer === '') return T.noAnswer;
  if (typeof answer === 'boolean') return answer ? T.yes : T.no;
  return answer;
}

/**
 * Every child of the activity's audience: on a phone a card each (the table's cells under their
 * labels, `table-cards`), on a wider screen a table. Each row's actions act on that child only.
 */
export function BoardTable({
  rows,
  questions,
  bothGuardians,
  busyChild,
  onAction,
}: BoardTableProps) {
  return (
    <Table hover className="table-cards align-middle mb-0" data-testid="activity-board">
      <thead>
        <tr>
          <th scope="col">{T.child}</th>
          <th scope="col">{T.signup}</th>
          <th scope="col">{T.authorization}</th>
          <th scope="col">{T.payment}</th>
          {questions.length > 0 && <th scope="col">{T.answers}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const { authorization: auth, payment } = row;
          const busy = busyChild === row.child_id;
          const authorized = auth.state === 'online' || auth.state === 'paper';
          // A missing autorización only matters for a child who goes or waits: for the others
          // it is shown muted, so the red marks are the ones to chase at the bus stop.
          const chased = row.signup === 'va' || row.signup === 'espera';
          const authBg =
            auth.state === 'missing' && !chased ? 'secondary' : AUTHORIZATION_BG[auth.state];
          const authLabel =
            auth.state === 'partial'
              ? T.partial(auth.signatures.length, bothGuardians ? 2 : 1)
              : AUTHORIZATION_LABELS[auth.state];
          return (
            <tr key={row.child_id} data-testid="board-row">
              <td className="cell-heading fw-semibold text-break" data-label={T.child}>
                <div>
                  <span className="d-block">{row.child_name}</span>
                  <SectionBadge section={row.section} />
                </div>
              </td>
              <td data-label={T.signup}>
                <Badge
                  bg={SIGNUP_BG[row.signup]}
                  text={row.signup === 'espera' ? 'dark' : undefined}
                >
                  {signupText(row)}
                </Badge>
              </td>
              <td data-label={T.authorization}>
                <div>
                  <Badge bg={authBg} text={auth.state === 'partial' ? 'dark' : undefined}>
                    {authLabel}
                  </Badge>
                  {auth.signatures.length > 0 && (
                    <ul className="list-unstyled small text-body-secondary mb-0 mt-1">
                      {auth.signatures.map((s) => (
                        <li key={s.id}>
                          {s.method === 'paper'
                            ? `${T.paperBy}, ${formatDateTime(s.signed_at)}`
                            : T.signedBy(
                                s.signer_name ?? T.unknownSigner,
                                formatDateTime(s.signed_at),
                              )}
                        </li>
                      ))}
                    </ul>
                  )}
                  {!authorized && (
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="mt-1 d-block"
                      disabled={busy}
                      aria-label={T.paperOf(row.child_name)}
                      onClick={() => onAction(row, 'paper')}
                    >
                      {T.paper}
                    </Button>
                  )}
                </div>
              </td>
              <td data-label={T.payment}>
                <div>
                  <span className="d-block">
                    {payment
                      ? T.paidWith(
                          euros(payment.amount_cents),
                          PAYMENT_METHOD_LABELS[payment.method],
                        )
                      : T.notPaid}
                  </span>
                  {payment ? (
                    <Button
                      size="sm"
                      variant="link"
                      className="p-0"
                      disabled={busy}
                      aria-label={T.undoPaymentOf(row.child_name)}
                      onClick={() => onAction(row, 'undo-payment')}
                    >
                      {T.undoPayment}
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline-success"
                      className="mt-1 d-block text-nowrap"
                      disabled={busy}
                      aria-label={T.markPaymentOf(row.child_name)}
                      onClick={() => onAction(row, 'payment')}
                    >
                      {T.markPayment}
                    </Button>
                  )}
                </div>
              </td>
              {questions.length > 0 && (
                <td data-label={T.answers}>
                  <ul className="list-unstyled small mb-0">
                    {questions.map((q) => (
                      <li key={q.id}>
                        <span className="text-body-secondary">{q.label}: </span>
                        {answerText(row.answers[String(q.id)])}
                      </li>
                    ))}
                  </ul>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
