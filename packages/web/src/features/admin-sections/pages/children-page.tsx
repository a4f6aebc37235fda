import {
  CHILD_STATUSES,
  CHILDREN_PAGE_SIZE,
  type Child,
  type ChildStatus,
  SERVER_ERRORS,
} from '@fogata/shared';
import { useEffect, useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { AdminNav } from '../../../components/admin-nav';
import { type Banner, BannerAlert, DismissibleAlert } from '../../../components/dismissible-alert';
import { EmailAddress } from '../../../components/email-address';
import { LoadState, TableHead } from '../../../components/load-state';
import { Pager } from '../../../components/pager';
import { SectionBadge } from '../../../components/section-badge';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/can';
import { useManagedSections } from '../../../lib/sections-api';
import { useChildren } from '../api/families';
import { ChildFormModal, longDate } from '../components/child-form-modal';
import { ConsentModal } from '../components/consent-modal';
import { GuardiansModal } from '../components/guardians-modal';
import { CHILD_CONSENT_TEXTS, CHILDREN_TEXTS as T } from '../texts';

/** Where 'Invitar a la familia' goes: the invitations form with the child chosen (inv's side). */
const inviteHref = (id: number) => `${paths.admin.getHref()}?educando=${id}`;

/**
 * /admin/educandos: the children, searched, filtered and paged on the server. An admin sees all;
 * a scouter the children of their sections (the server decides, decision 046).
 */
export function ChildrenPage() {
  const ids = useId();
  const canManage = useCan('children:manage');
  const isAdmin = useCan('admin:panel');
  // The sections whose children this viewer manages: the filter's and the form's choices.
  const sections = useManagedSections();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [section, setSection] = useState<number | null>(null);
  const [status, setStatus] = useState<ChildStatus>('active');
  const [page, setPage] = useState(1);
  const children = useChildren({ q, section, status, page });
  const [form, setForm] = useState<{ child: Child | null } | null>(null);
  const [family, setFamily] = useState<Child | null>(null);
  // A child's image consent, in a dialog.
  const canRecordConsent = useCan('consent:record');
  const [consent, setConsent] = useState<Child | null>(null);
  const [banner, setBanner] = useState<Banner>(null);

  // The search goes to the server once typing pauses, from page 1.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  if (!canManage) return <DismissibleAlert variant="danger" message={SERVER_ERRORS.forbidden} />;

  const total = children.data?.total ?? 0;

  let body: React.ReactNode;
  if (children.isPending || children.isError) {
    body = <LoadState query={children} />;
  } else if (children.data.children.length === 0) {
    body = <p className="text-body-secondary">{T.empty}</p>;
  } else {
    body = (
      <Table hover className="table-cards mb-0 align-middle">
        <TableHead columns={[T.name, T.birthDate, T.section, T.guardians, T.status, T.actions]} />
        <tbody>
          {children.data.children.map((child) => (
            <tr key={child.id}>
              <td data-label={T.name} className="fw-semibold text-break">
                {child.full_name}
              </td>
              <td data-label={T.birthDate}>{longDate(child.birth_date)}</td>
              <td data-label={T.section}>
                <SectionBadge section={child.section} />
              </td>
              <td data-label={T.guardians}>
                {child.guardians.length === 0 ? (
                  <span className="text-body-secondary small">{T.noGuardians}</span>
                ) : (
                  <ul className="list-unstyled mb-0 small">
                    {child.guardians.map((g) => (
                      <li key={g.id} className="text-break">
                        {g.name} · <EmailAddress email={g.email} />
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td data-label={T.status}>
                <Badge bg={child.active ? 'success' : 'secondary'}>
                  {child.active ? T.active : T.inactive}
                </Badge>
              </td>
              <td data-label={T.actions}>
                <div className="d-flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline-dark"
                    onClick={() => setForm({ child })}
                    aria-label={T.editLabel(child.full_name)}
                  >
                    {T.edit}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-dark"
                    onClick={() => setFamily(child)}
                    aria-label={T.familyLabel(child.full_name)}
                  >
                    {T.family}
                  </Button>
                  {canRecordConsent && (
                    <Button
                      size="sm"
                      variant="outline-dark"
                      onClick={() => setConsent(child)}
                      aria-label={CHILD_CONSENT_TEXTS.actionLabel(child.full_name)}
                    >
                      {CHILD_CONSENT_TEXTS.action}
                    </Button>
                  )}
                  {isAdmin && (
                    <Link
                      to={inviteHref(child.id)}
                      className="btn btn-sm btn-outline-success"
                      aria-label={T.inviteLabel(child.full_name)}
                    >
                      {T.invite}
                    </Link>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <>
      <h1 className="h2 mb-3">{T.title}</h1>
      <AdminNav />
      <p className="text-body-secondary">{isAdmin ? T.introAdmin : T.introScouter}</p>
      <Form role="search" onSubmit={(e) => e.preventDefault()} className="mb-3">
        <Row className="g-2 align-items-end">
          <Col xs={12} md={5}>
            <Form.Group controlId={`${ids}-q`}>
              <Form.Label>{T.search}</Form.Label>
              <Form.Control
                type="search"
                value={search}
                placeholder={T.searchPlaceholder}
                onChange={(e) => setSearch(e.target.value)}
              />
            </Form.Group>
          </Col>
          <Col xs={6} md={3}>
            <Form.Group controlId={`${ids}-section`}>
              <Form.Label>{T.section}</Form.Label>
              <Form.Select
                value={section ?? ''}
                onChange={(e) => {
                  setSection(e.target.value ? Number(e.target.value) : null);
                  setPage(1);
                }}
              >
                <option value="">{T.allSections}</option>
                {sections.data?.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={6} md={2}>
            <Form.Group controlId={`${ids}-status`}>
              <Form.Label>{T.status}</Form.Label>
              <Form.Select
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value as ChildStatus);
                  setPage(1);
                }}
              >
                {CHILD_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {T.statuses[s]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={12} md={2} className="d-grid">
            <Button variant="success" onClick={() => setForm({ child: null })}>
              {T.add}
            </Button>
          </Col>
        </Row>
      </Form>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      {body}
      {children.data && children.data.total > 0 && (
        <Pager
          label={T.pagination}
          page={page}
          total={total}
          pageSize={CHILDREN_PAGE_SIZE}
          count={T.total}
          busy={children.isFetching}
          onPage={setPage}
        />
      )}
      <ChildFormModal
        show={form !== null}
        child={form?.child ?? null}
        sections={sections.data ?? []}
        onHide={() => setForm(null)}
        onSaved={(message) => {
          setForm(null);
          setBanner({ variant: 'success', message });
        }}
      />
      {family && <GuardiansModal child={family} onHide={() => setFamily(null)} />}
      {consent && <ConsentModal child={consent} onHide={() => setConsent(null)} />}
    </>
  );
}
