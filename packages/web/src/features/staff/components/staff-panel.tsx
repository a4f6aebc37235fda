import { type ActivityStaff, CAMP_LABELS } from '@fogata/shared';
import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { BannerAlert, DismissibleAlert } from '../../../components/dismissible-alert';
import { LoadError, TableSkeleton } from '../../../components/load-state';
import { useAuth } from '../../../lib/auth';
import type { Banner } from '../../../lib/banner';
import { useCan } from '../../../lib/can';
import { useChangeStaff, usePeople, useStaff } from '../api/staff-api';
import { STAFF_TEXTS as T } from '../texts';

interface StaffPanelProps {
  activityId: number;
  /** The viewer manages the activity: they may add and remove other adults. */
  canManage: boolean;
  /** The staff the page already has (the board carries it), so nothing is asked twice. */
  initial?: ActivityStaff;
  /** Joining is for what is still to come: not for an activity cancelled or over. */
  closed?: boolean;
}

/**
 * «Equipo»: the adults who go. A scouter or admin joins or leaves; a manager adds or removes
 * another adult. The adults see the ratio against the group's setting, and a warning when short;
 * a refusal (a certificado not current) is shown as the server words it.
 */
export function StaffPanel({ activityId, canManage, initial, closed = false }: StaffPanelProps) {
  const ids = useId();
  const { user } = useAuth();
  const isAdult = useCan('camp:staff');
  const staff = useStaff(activityId, initial);
  const change = useChangeStaff(activityId);
  const people = usePeople(canManage && !closed);
  const [chosen, setChosen] = useState('');
  const [banner, setBanner] = useState<Banner>(null);

  const run = async (userId: number, kind: 'add' | 'remove', done: string) => {
    setBanner(null);
    try {
      await change.mutateAsync({ userId, change: kind });
      setBanner({ variant: 'success', message: done });
      return true;
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
      return false;
    }
  };

  let body: React.ReactNode;
  if (staff.isError && !staff.data) {
    body = <LoadError message={staff.error.message} onRetry={() => staff.refetch()} />;
  } else if (!staff.data) {
    body = (
      <div aria-busy="true">
        <span className="visually-hidden">{T.loading}</span>
        <TableSkeleton rows={2} />
      </div>
    );
  } else {
    const { staff: members, ratio, mine } = staff.data;
    const inStaff = new Set(members.map((m) => m.user_id));
    const others = (people.data ?? []).filter((p) => !inStaff.has(p.id));
    body = (
      <>
        {isAdult && (
          <>
            <p className="mb-2" data-testid="staff-ratio">
              {CAMP_LABELS.ratio(ratio.children, ratio.adults, ratio.per_adult)}
            </p>
            {ratio.short && (
              <DismissibleAlert
                variant="warning"
                message={CAMP_LABELS.ratioShort(ratio.needed)}
                dismissible={false}
              />
            )}
          </>
        )}
        {members.length === 0 ? (
          <p className="text-body-secondary">{T.empty}</p>
        ) : (
          <ListGroup as="ul" variant="flush" className="mb-3" aria-label={T.title}>
            {members.map((member) => {
              const me = member.user_id === user?.id;
              return (
                <ListGroup.Item
                  as="li"
                  key={member.user_id}
                  className="px-0 d-flex flex-wrap align-items-center gap-2"
                >
                  <span className="text-break">
                    {member.name} {me && <span className="text-body-secondary">{T.you}</span>}
                  </span>
                  {isAdult && !member.certificate_current && (
                    <Badge bg="warning" text="dark">
                      {T.certificateNotCurrent}
                    </Badge>
                  )}
                  {canManage && !me && !closed && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      className="ms-auto"
                      aria-label={T.remove(member.name)}
                      disabled={change.isPending}
                      onClick={() => void run(member.user_id, 'remove', T.removed(member.name))}
                    >
                      {T.removeShort}
                    </Button>
                  )}
                </ListGroup.Item>
              );
            })}
          </ListGroup>
        )}
        <BannerAlert banner={banner} onClose={() => setBanner(null)} />
        {isAdult && user && !closed && (
          <div className="d-flex flex-wrap gap-2 mb-2">
            {mine ? (
              <Button
                variant="outline-danger"
                disabled={change.isPending}
                onClick={() => void run(user.id, 'remove', T.left)}
              >
                {change.isPending ? T.leaving : T.leave}
              </Button>
            ) : (
              <Button
                variant="success"
                disabled={change.isPending}
                onClick={() => void run(user.id, 'add', T.joined)}
              >
                {change.isPending ? T.joining : T.join}
              </Button>
            )}
          </div>
        )}
        {canManage && !closed && others.length > 0 && (
          <Form
            className="d-flex flex-wrap align-items-end gap-2 mt-3"
            onSubmit={async (e) => {
              e.preventDefault();
              const person = others.find((p) => String(p.id) === chosen);
              if (!person) return;
              if (await run(person.id, 'add', T.added(person.name))) setChosen('');
            }}
          >
            <Form.Group
              controlId={`${ids}-add`}
              className="flex-grow-1"
              style={{ minWidth: '14rem' }}
            >
              <Form.Label className="small mb-1">{T.addLabel}</Form.Label>
              <Form.Select value={chosen} onChange={(e) => setChosen(e.target.value)}>
                <option value="">{T.addChoose}</option>
                {others.map((p) => (
                  <option key={p.id} value={String(p.id)}>
                    {p.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Button
              type="submit"
              variant="outline-success"
              disabled={chosen === '' || change.isPending}
            >
              {change.isPending ? T.adding : T.add}
            </Button>
          </Form>
        )}
      </>
    );
  }

  return (
    <Card as="section" className="shadow-sm border-0 mb-4" aria-labelledby={`${ids}-title`}>
      <Card.Body>
        <h2 className="h4" id={`${ids}-title`}>
          {T.title}
        </h2>
        <p className="small text-body-secondary">{T.intro}</p>
        {body}
      </Card.Body>
    </Card>
  );
}
