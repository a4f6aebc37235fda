import { type ReactNode, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { type Banner, BannerAlert } from '../../../components/dismissible-alert';
import { LoadError, TableSkeleton } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { formatMadrid } from '../../../lib/madrid-time';
import { parseRouteId } from '../../../lib/route-id';
import { saveFile } from '../../../lib/save-file';
import { downloadParticipants, useBoard, useRemind, useUndoPayment } from '../api/board';
import { type BoardFilters, filterRows, NO_FILTERS } from '../board-filters';
import { BoardTable, type RowAction } from '../components/board-table';
import { PaperModal, PaymentModal } from '../components/row-modals';
import { AUTHORIZATION_LABELS, SIGNUP_LABELS, BOARD_TEXTS as T } from '../texts';
import type { Board, BoardCounts, BoardRow } from '../types';

const COUNTS: (keyof Omit<BoardCounts, 'total'>)[] = [
  'pendiente',
  'va',
  'no_va',
  'espera',
  'autorizado',
  'sin_autorizar',
  'pagado',
];

/** The counts at the top: a tile each, two or three a row on a phone. */
function Counts({ counts }: { counts: BoardCounts }) {
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-3" aria-label={T.countsLabel}>
      {COUNTS.map((name) => (
        <li
          key={name}
          className="card border-0 shadow-sm px-3 py-2 text-center flex-grow-1"
          style={{ minWidth: '6.5rem' }}
          data-testid={`count-${name}`}
        >
          <span className="h4 mb-0">{counts[name]}</span>
          <span className="small text-body-secondary">{T.counts[name]}</span>
        </li>
      ))}
    </ul>
  );
}

type SelectFilter = 'signup' | 'authorization' | 'payment';

/** Each select's choices, 'all' first: its value and its words. */
const FILTER_CHOICES: Record<SelectFilter, { label: string; choices: [string, string][] }> = {
  signup: {
    label: T.signupFilter,
    choices: [
      ['all', T.all],
      ...(['pendiente', 'va', 'no_va', 'espera'] as const).map((s): [string, string] => [
        s,
        SIGNUP_LABELS[s],
      ]),
    ],
  },
  authorization: {
    label: T.authorizationFilter,
    choices: [
      ['all', T.all],
      ['autorizado', T.authorized],
      ['sin_autorizar', T.unauthorized],
      ...(['online', 'paper', 'partial', 'missing'] as const).map((s): [string, string] => [
        s,
        AUTHORIZATION_LABELS[s],
      ]),
    ],
  },
  payment: {
    label: T.paymentFilter,
    choices: [
      ['all', T.allPayments],
      ['paid', T.paid],
      ['unpaid', T.unpaid],
    ],
  },
};

/** The filters: a search by name (the whole width on a phone), then three selects side by side. */
function Filters({
  filters,
  onChange,
}: {
  filters: BoardFilters;
  onChange: (next: BoardFilters) => void;
}) {
  const ids = useId();
  return (
    <Form role="search" aria-label={T.filtersLabel} onSubmit={(e) => e.preventDefault()}>
      <Row className="g-2 mb-3">
        <Col xs={12} lg={3}>
          <Form.Group controlId={`${ids}-search`}>
            <Form.Label className="small mb-1">{T.search}</Form.Label>
            <Form.Control
              type="search"
              value={filters.search}
              onChange={(e) => onChange({ ...filters, search: e.target.value })}
            />
          </Form.Group>
        </Col>
        {(Object.keys(FILTER_CHOICES) as SelectFilter[]).map((name) => (
          <Col xs={4} lg={3} key={name}>
            <Form.Group controlId={`${ids}-${name}`}>
              <Form.Label className="small mb-1">{FILTER_CHOICES[name].label}</Form.Label>
              <Form.Select
                value={filters[name]}
                onChange={(e) => onChange({ ...filters, [name]: e.target.value })}
              >
                {FILTER_CHOICES[name].choices.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
        ))}
      </Row>
    </Form>
  );
}

/**
 * /actividades/:activityId/tablero: every child of the activity's audience — who goes, who is
 * authorised, who has paid — with the counts, filters, the reminder and the exports (managers).
 */
export function BoardPage({
  camp,
  staff,
}: {
  camp?: (activityId: number) => ReactNode;
  staff?: (board: Board) => ReactNode;
} = {}) {
  const id = parseRouteId(useParams().activityId) ?? 0;
  // One call: the board carries the activity (its title, questions, price) beside its rows.
  const board = useBoard(id);
  const remind = useRemind(id);
  const undo = useUndoPayment(id);
  const [filters, setFilters] = useState<BoardFilters>(NO_FILTERS);
  const [banner, setBanner] = useState<Banner>(null);
  const [open, setOpen] = useState<{ row: BoardRow; action: 'payment' | 'paper' } | null>(null);
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);

  const onAction = async (row: BoardRow, action: RowAction) => {
    if (action !== 'undo-payment') {
      setOpen({ row, action });
      return;
    }
    setBanner(null);
    try {
      await undo.mutateAsync(row.child_id);
      setBanner({ variant: 'success', message: T.paymentUndone(row.child_name) });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    }
  };

  const sendReminder = async () => {
    setBanner(null);
    try {
      const { families } = await remind.mutateAsync();
      setBanner({ variant: 'success', message: T.reminded(families) });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    }
  };

  const download = async (format: 'csv' | 'pdf') => {
    setBanner(null);
    setDownloading(format);
    try {
      const { blob, fileName } = await downloadParticipants(id, format);
      saveFile(blob, fileName);
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    } finally {
      setDownloading(null);
    }
  };

  const back = (
    <Link to={paths.activity.getHref(id)} className="small">
      ← {T.back}
    </Link>
  );
  if (board.isError) {
    return (
      <>
        {back}
        <div className="mt-3">
          <LoadError message={board.error.message} onRetry={() => board.refetch()} />
        </div>
      </>
    );
  }
  if (!board.isSuccess) {
    return (
      <>
        {back}
        <div className="mt-3">
          <TableSkeleton rows={6} />
        </div>
      </>
    );
  }

  const { activity, counts, rows } = board.data;
  const shown = filterRows(rows, filters);
  return (
    <>
      {back}
      <h1 className="h2 mt-3 mb-1">{T.title(activity.title)}</h1>
      <p className="text-body-secondary mb-3">
        {formatMadrid(activity.starts_at)}
        {activity.places !== null && ` · ${T.places(activity.taken, activity.places)}`}
      </p>
      <Counts counts={counts} />
      {/* On camp: «Llevar al campamento», for a manager who is also on the activity's staff. */}
      {camp?.(id)}
      {staff?.(board.data)}
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button
          variant="success"
          disabled={remind.isPending || counts.pendiente === 0}
          onClick={sendReminder}
        >
          {remind.isPending ? T.reminding : T.remind}
        </Button>
        <Button
          variant="outline-dark"
          disabled={downloading !== null}
          onClick={() => download('csv')}
        >
          {downloading === 'csv' ? T.downloading : T.csv}
        </Button>
        <Button
          variant="outline-dark"
          disabled={downloading !== null}
          onClick={() => download('pdf')}
        >
          {downloading === 'pdf' ? T.downloading : T.pdf}
        </Button>
      </div>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      {rows.length === 0 ? (
        <p className="text-body-secondary">{T.empty}</p>
      ) : (
        <>
          <Filters filters={filters} onChange={setFilters} />
          <p className="small text-body-secondary" aria-live="polite">
            {T.shown(shown.length, rows.length)}
          </p>
          {shown.length === 0 ? (
            <p className="text-body-secondary">{T.noMatch}</p>
          ) : (
            <BoardTable
              rows={shown}
              questions={activity.questions}
              bothGuardians={activity.both_guardians}
              busyChild={undo.isPending ? (undo.variables ?? null) : null}
              onAction={onAction}
            />
          )}
        </>
      )}
      {open?.action === 'payment' && (
        <PaymentModal
          activityId={id}
          row={open.row}
          priceCents={activity.price_cents}
          onDone={(message) => {
            setOpen(null);
            setBanner({ variant: 'success', message });
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.action === 'paper' && (
        <PaperModal
          activityId={id}
          row={open.row}
          priceCents={activity.price_cents}
          onDone={(message) => {
            setOpen(null);
            setBanner({ variant: 'success', message });
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
