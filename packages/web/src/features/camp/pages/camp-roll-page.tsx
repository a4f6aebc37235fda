import { ATTENDANCE_MOMENTS, type AttendanceMoment } from '@fogata/shared';
import { Fragment, useCallback, useEffect, useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { formatDay } from '../../../lib/madrid-time';
import { parseRouteId } from '../../../lib/route-id';
import { attendanceTransport } from '../api';
import type { PendingMark } from '../lib/camp-db';
import { addMark, pendingMarks } from '../lib/camp-db';
import { activityDays, firstDay } from '../lib/days';
import { cellId, newMark, rollCells, type SyncOutcome, syncActivity } from '../lib/sync';
import { useKeptPack } from '../lib/use-kept-pack';
import { CAMP_TEXTS as T } from '../texts';
import { useOnline } from '../use-online';

type SyncState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; outcome: SyncOutcome };

/**
 * «Pasar lista» (/actividades/{id}/lista): a day and a moment, each child present or not. Each
 * tap is kept in the browser at once and sent now or when the signal returns; the server's roll
 * replaces the browser's when it answers.
 */
export function CampRollPage() {
  const id = parseRouteId(useParams().activityId) ?? 0;
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  const online = useOnline();
  const { kept, reload } = useKeptPack(id);
  const [waiting, setWaiting] = useState<PendingMark[]>([]);
  const [sync, setSync] = useState<SyncState>({ kind: 'idle' });

  const pack = kept.state === 'kept' ? kept.stored.pack : null;
  const days = useMemo(
    () => (pack ? activityDays(pack.activity.starts_at, pack.activity.ends_at) : []),
    [pack],
  );
  const [day, setDay] = useState<string | null>(null);
  const [moment, setMoment] = useState<AttendanceMoment>('salida');
  const shownDay = day ?? firstDay(days);

  const readWaiting = useCallback(async () => {
    setWaiting(await pendingMarks(userId, id).catch(() => []));
  }, [userId, id]);

  // Sends what waits (again while marks keep coming in); the server's roll is kept, and read.
  const send = useCallback(async () => {
    if (!navigator.onLine) {
      await readWaiting();
      return;
    }
    setSync({ kind: 'sending' });
    let outcome: SyncOutcome = await syncActivity(userId, id, attendanceTransport());
    for (let again = 0; again < 3 && outcome.state === 'synced'; again++) {
      if ((await pendingMarks(userId, id)).length === 0) break;
      outcome = await syncActivity(userId, id, attendanceTransport());
    }
    setSync({ kind: 'done', outcome });
    await reload();
    await readWaiting();
  }, [userId, id, reload, readWaiting]);

  const ready = kept.state === 'kept';
  // On opening the page, and whenever the signal comes back.
  useEffect(() => {
    if (!ready) return;
    void send();
    const onOnline = () => void send();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [ready, send]);

  const cells = useMemo(() => rollCells(pack?.attendance ?? [], waiting), [pack, waiting]);

  const back = (
    <Link to={paths.campPack.getHref(id)} className="small">
      ← {T.backToPack}
    </Link>
  );
  if (kept.state === 'loading') return <Loading label={T.loading} />;
  if (!pack) {
    return (
      <>
        {back}
        <h1 className="h2 mt-3">{T.takeRoll}</h1>
        <p role="status">
          {kept.state === 'unavailable'
            ? T.storageUnavailable
            : online
              ? T.noPack
              : T.noPackOffline}
        </p>
      </>
    );
  }

  const going = pack.children.filter((c) => c.signup === 'va');
  const present = going.filter(
    (c) => cells.get(cellId({ child_id: c.child_id, day: shownDay, moment }))?.present === true,
  ).length;

  // The switch moves at once; the mark is written to IndexedDB before any send (if that
  // fails, the list is read back from what was kept).
  const tick = (childId: number, isPresent: boolean) => {
    const mark = newMark(userId, id, { child_id: childId, day: shownDay, moment }, isPresent);
    setWaiting((now) => [...now.filter((m) => cellId(m) !== cellId(mark)), mark]);
    void addMark(mark).then(send, readWaiting);
  };

  const outcome = sync.kind === 'done' ? sync.outcome : null;
  return (
    <article className="pb-5">
      {back}
      <h1 className="h2 mt-3 mb-3 text-break">{T.rollTitle(pack.activity.title)}</h1>
      <div className="row g-2 mb-3">
        <Form.Group className="col-12 col-sm-6" controlId="roll-day">
          <Form.Label className="fw-semibold mb-1">{T.day}</Form.Label>
          <Form.Select value={shownDay} onChange={(e) => setDay(e.target.value)}>
            {days.map((d) => (
              <option key={d} value={d}>
                {formatDay(d)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <fieldset className="col-12 col-sm-6">
          <legend className="form-label fw-semibold mb-1 fs-6">{T.moment}</legend>
          <div className="btn-group w-100">
            {ATTENDANCE_MOMENTS.map((m) => (
              <Fragment key={m}>
                <input
                  type="radio"
                  className="btn-check"
                  name="roll-moment"
                  id={`roll-moment-${m}`}
                  checked={moment === m}
                  onChange={() => setMoment(m)}
                />
                <label className="btn btn-outline-primary" htmlFor={`roll-moment-${m}`}>
                  {T.moments[m]}
                </label>
              </Fragment>
            ))}
          </div>
        </fieldset>
      </div>
      <p className="h3 mb-1" role="status" aria-live="polite">
        {T.count(present, going.length)} <span className="fs-6 fw-normal">{T.countLabel}</span>
      </p>
      <div aria-live="polite" className="mb-3">
        {!online && (
          <div className="alert alert-warning py-2 mb-2">
            <strong>{T.offlineWaiting}</strong>
            <br />
            {T.waiting(waiting.length)}
          </div>
        )}
        {online && sync.kind === 'sending' && <p className="small mb-0">{T.sending}</p>}
        {online && outcome?.state === 'synced' && waiting.length === 0 && (
          <p className="small text-success mb-0">{T.synced}</p>
        )}
        {online && (outcome?.state === 'offline' || outcome?.state === 'failed') && (
          <div className="alert alert-warning py-2 mb-0">
            {outcome.state === 'failed' ? outcome.message : T.sendFailed}{' '}
            {T.waiting(waiting.length)}
          </div>
        )}
        {outcome?.state === 'rejected' && (
          <div className="alert alert-danger py-2 mb-0">{T.rejected(outcome.message)}</div>
        )}
      </div>
      {going.length === 0 ? (
        <p>{T.noChildren}</p>
      ) : (
        <ul className="list-group mb-0">
          {going.map((child) => {
            const cell = cells.get(cellId({ child_id: child.child_id, day: shownDay, moment }));
            return (
              <li key={child.child_id} className="list-group-item py-3">
                <Form.Check
                  type="switch"
                  id={`roll-${child.child_id}`}
                  className="mb-0"
                  checked={cell?.present === true}
                  onChange={(e) => tick(child.child_id, e.target.checked)}
                  label={child.name}
                />
                {(cell?.pending || cell?.by) && (
                  <div className="small text-body-secondary mt-1">
                    {cell.pending ? (
                      <Badge bg="warning" text="dark">
                        {T.pendingBadge}
                      </Badge>
                    ) : (
                      cell.by && T.markedBy(cell.by)
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </article>
  );
}
