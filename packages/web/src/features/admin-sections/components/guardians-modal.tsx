import type { Child } from '@fogata/shared';
import { useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { type Banner, BannerAlert } from '../../../components/dismissible-alert';
import { EmailAddress } from '../../../components/email-address';
import { useCan } from '../../../lib/can';
import { useAccountSearch, useGuardianLink } from '../api/families';
import { CHILDREN_TEXTS as T } from '../texts';

/** The search text after the user stops typing for a moment. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A child's guardians: unlink one, or find an account and link it (an admin searches names and
 * e-mails; a scouter types the account's exact e-mail, decision 049).
 */
export function GuardiansModal({ child, onHide }: { child: Child; onHide: () => void }) {
  const ids = useId();
  const isAdmin = useCan('admin:panel');
  const [query, setQuery] = useState('');
  const settled = useSettled(query.trim());
  const accounts = useAccountSearch(settled);
  const link = useGuardianLink();
  const [guardians, setGuardians] = useState(child.guardians);
  const [banner, setBanner] = useState<Banner>(null);
  const linkedIds = new Set(guardians.map((g) => g.id));

  const change = async (userId: number, linkIt: boolean) => {
    setBanner(null);
    try {
      const result = await link.mutateAsync({ childId: child.id, userId, link: linkIt });
      setGuardians(result.child.guardians);
      setBanner({ variant: 'success', message: result.message });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    }
  };

  return (
    <Modal show onHide={onHide} centered aria-labelledby={`${ids}-title`}>
      <Modal.Header closeButton closeLabel={T.close}>
        <Modal.Title as="h2" className="h5 text-break" id={`${ids}-title`}>
          {T.guardiansTitle(child.full_name)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{T.guardiansIntro}</p>
        <BannerAlert banner={banner} onClose={() => setBanner(null)} />
        {guardians.length === 0 ? (
          <p className="text-body-secondary">{T.noGuardians}</p>
        ) : (
          <ListGroup className="mb-3">
            {guardians.map((g) => (
              <ListGroup.Item key={g.id} className="d-flex flex-wrap gap-2 align-items-center">
                <div className="flex-grow-1 text-break">
                  <div className="fw-semibold">{g.name}</div>
                  <div className="small text-body-secondary">
                    <EmailAddress email={g.email} />
                  </div>
                </div>
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={link.isPending}
                  onClick={() => change(g.id, false)}
                  aria-label={T.unlinkLabel(g.name)}
                >
                  {T.unlink}
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
        <Form.Group controlId={`${ids}-find`} className="mb-2">
          <Form.Label>{isAdmin ? T.findAdmin : T.findScouter}</Form.Label>
          <Form.Control
            type={isAdmin ? 'search' : 'email'}
            value={query}
            autoComplete="off"
            onChange={(e) => setQuery(e.target.value)}
            aria-describedby={isAdmin ? undefined : `${ids}-find-help`}
          />
          {!isAdmin && (
            <Form.Text id={`${ids}-find-help`} className="d-block">
              {T.findHelpScouter}
            </Form.Text>
          )}
        </Form.Group>
        {settled.length >= 2 && accounts.data && (
          <div aria-live="polite">
            {accounts.data.length === 0 ? (
              <p className="small text-body-secondary mb-0">{T.noAccounts}</p>
            ) : (
              <ListGroup>
                {accounts.data.map((a) => (
                  <ListGroup.Item key={a.id} className="d-flex flex-wrap gap-2 align-items-center">
                    <div className="flex-grow-1 text-break">
                      <div>{a.name}</div>
                      <div className="small text-body-secondary">
                        <EmailAddress email={a.email} />
                      </div>
                    </div>
                    {linkedIds.has(a.id) ? (
                      <span className="small text-body-secondary">{T.linked}</span>
                    ) : (
                      <Button
                        size="sm"
                        variant="success"
                        disabled={link.isPending}
                        onClick={() => change(a.id, true)}
                        aria-label={T.linkLabel(a.name)}
                      >
                        {T.link}
                      </Button>
                    )}
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
          </div>
        )}
        {accounts.isError && <p className="small text-danger mb-0">{accounts.error.message}</p>}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {T.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
