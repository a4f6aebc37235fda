import { isCalendarDate, type PromotionMove } from '@fogata/shared';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { AdminNav } from '../../../components/admin-nav';
import { ConfirmModal } from '../../../components/confirm-modal';
import { type Banner, BannerAlert } from '../../../components/dismissible-alert';
import { LoadState, TableHead } from '../../../components/load-state';
import { SectionBadge } from '../../../components/section-badge';
import { useSections } from '../../../lib/sections-api';
import { useApplyPromotion, usePromotion } from '../api/families';
import { longDate } from '../components/child-form-modal';
import { PROMOTION_TEXTS as T } from '../texts';

/** A row's choice: a section id, 'leave' (inactive) or 'stay' (left out of the apply). */
const LEAVE = 'leave';
const STAY = 'stay';
const proposed = (move: PromotionMove) => (move.to ? String(move.to.id) : LEAVE);

/**
 * /admin/paso-de-seccion (decision 048): the proposal for a date, adjustable row by row, applied
 * in one step after a confirmation.
 */
export function PromotionPage() {
  const ids = useId();
  const [date, setDate] = useState('');
  // The date asked for: the typed one once it is a real date, else the server's default.
  const asked = isCalendarDate(date) ? date : '';
  const proposal = usePromotion(asked);
  const sections = useSections(false);
  const apply = useApplyPromotion();
  const [choices, setChoices] = useState<Record<number, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);

  const moves = proposal.data?.moves ?? [];
  const choiceOf = (move: PromotionMove) => choices[move.child_id] ?? proposed(move);
  const toApply = moves.flatMap((move) => {
    const choice = choiceOf(move);
    if (choice === STAY || choice === String(move.from.id)) return [];
    return [{ child_id: move.child_id, section_id: choice === LEAVE ? null : Number(choice) }];
  });

  const run = async () => {
    setBanner(null);
    try {
      const result = await apply.mutateAsync({ moves: toApply });
      setChoices({});
      setBanner({ variant: 'success', message: result.message });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    } finally {
      setConfirming(false);
    }
  };

  let body: React.ReactNode;
  if (proposal.isPending || proposal.isError) {
    body = <LoadState query={proposal} />;
  } else if (moves.length === 0) {
    body = <p className="text-body-secondary">{T.empty}</p>;
  } else {
    body = (
      <>
        <Table hover className="table-cards mb-3 align-middle">
          <TableHead columns={[T.child, T.age, T.from, T.to]} />
          <tbody>
            {moves.map((move) => (
              <tr key={move.child_id}>
                <td data-label={T.child} className="fw-semibold text-break">
                  {move.full_name}
                </td>
                <td data-label={T.age}>{T.ageValue(move.age)}</td>
                <td data-label={T.from}>
                  <SectionBadge section={move.from} />
                </td>
                <td data-label={T.to}>
                  <Form.Select
                    size="sm"
                    value={choiceOf(move)}
                    onChange={(e) => setChoices((c) => ({ ...c, [move.child_id]: e.target.value }))}
                    aria-label={T.toLabel(move.full_name)}
                  >
                    {sections.data
                      ?.filter((s) => s.id !== move.from.id)
                      .map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.name} ({s.min_age}–{s.max_age})
                        </option>
                      ))}
                    {move.to && !sections.data?.some((s) => s.id === move.to?.id) && (
                      <option value={move.to.id}>{move.to.name}</option>
                    )}
                    <option value={LEAVE}>{T.leaves}</option>
                    <option value={STAY}>{T.stays}</option>
                  </Form.Select>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        <div className="d-flex flex-wrap align-items-center justify-content-end gap-2">
          <span className="small text-body-secondary" aria-live="polite">
            {T.count(toApply.length)}
          </span>
          <Button
            variant="success"
            disabled={apply.isPending || toApply.length === 0}
            onClick={() => setConfirming(true)}
          >
            {T.apply}
          </Button>
        </div>
      </>
    );
  }

  return (
    <>
      <h1 className="h2 mb-3">{T.title}</h1>
      <AdminNav />
      <p className="text-body-secondary">{T.intro}</p>
      <Form.Group controlId={`${ids}-date`} className="mb-3" style={{ maxWidth: '16rem' }}>
        <Form.Label>{T.date}</Form.Label>
        <Form.Control
          type="date"
          value={date || proposal.data?.date || ''}
          onChange={(e) => {
            setDate(e.target.value);
            setChoices({});
          }}
          aria-describedby={`${ids}-date-help`}
        />
        <Form.Text id={`${ids}-date-help`} className="d-block">
          {T.dateHelp}
          {proposal.data && ` (${longDate(proposal.data.date)})`}
        </Form.Text>
      </Form.Group>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      {body}
      <ConfirmModal
        show={confirming}
        title={T.confirmTitle}
        body={<p className="mb-0">{T.confirmBody(toApply.length)}</p>}
        reversible
        confirmLabel={T.confirm}
        busyLabel={T.applying}
        busy={apply.isPending}
        onConfirm={run}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
