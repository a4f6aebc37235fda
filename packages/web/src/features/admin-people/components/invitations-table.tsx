import {
  INVITATION_STATUSES,
  type Invitation,
  type InvitationStatus,
  ROLE_LABELS,
  ROLES,
  type Role,
} from '@fogata/shared';
import { useCallback, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { ConfirmModal } from '../../../components/confirm-modal';
import { CopyButton } from '../../../components/copy-button';
import { type AlertVariant, BannerAlert } from '../../../components/dismissible-alert';
import { EmailAddress } from '../../../components/email-address';
import { FilterSelect, Pager, SearchBox } from '../../../components/list-controls';
import { LoadState, TableHead } from '../../../components/load-state';
import { SectionBadge } from '../../../components/section-badge';
import { formatDateTime } from '../../../lib/format-date';
import { type InvitationsFilters, useInvitationsPage } from '../api/admin-lists';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { PANEL_TEXTS as P } from '../texts';

const STATUS: Record<InvitationStatus, { label: string; bg: string; text?: 'dark' }> = {
  pending: { label: 'Pendiente', bg: 'warning', text: 'dark' },
  accepted: { label: 'Aceptada', bg: 'success' },
  expired: { label: 'Expirada', bg: 'secondary' },
};

/** The columns' headers; on a phone each cell shows its header as a label (a row reads as a card). */
const COLUMNS = {
  email: 'Email',
  role: 'Rol',
  status: 'Estado',
  expires: 'Expira',
  sent: 'Enviada',
  children: P.children,
  actions: 'Acciones',
} as const;

const NO_FILTERS: InvitationsFilters = { q: '', role: '', status: '' };

type Banner = { variant: AlertVariant; message: string; link?: string } | null;

/**
 * 'Invitaciones Enviadas': the invitations a page at a time, searched and filtered on the server
 * (decision 051), each with the children it links; pending ones can be resent or revoked.
 */
export function InvitationsTable() {
  const [filters, setFilters] = useState<InvitationsFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const invitations = useInvitationsPage(filters, page);
  const filter = useCallback((change: Partial<InvitationsFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(1);
  }, []);
  const onSearch = useCallback((q: string) => filter({ q }), [filter]);
  const filtered = filters.q !== '' || filters.role !== '' || filters.status !== '';
  const revoke = useRevokeInvitation();
  const resend = useResendInvitation();
  const [target, setTarget] = useState<Invitation | null>(null);
  const [banner, setBanner] = useState<Banner>(null);

  const confirmRevoke = async () => {
    if (!target) return;
    try {
      const result = await revoke.mutateAsync(target.id);
      setBanner({ variant: 'success', message: result.message });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    } finally {
      setTarget(null);
    }
  };

  const resendTo = async (inv: Invitation) => {
    setBanner(null);
    try {
      const result = await resend.mutateAsync(inv.id);
      setBanner({ variant: 'success', message: result.message, link: result.link });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    }
  };

  let body: React.ReactNode;
  if (invitations.isPending || invitations.isError) {
    body = <LoadState query={invitations} />;
  } else if (invitations.data.items.length === 0 && page === 1) {
    body = (
      <p className="text-body-secondary">
        {filtered ? P.noInvitationsMatch : 'No hay invitaciones para mostrar.'}
      </p>
    );
  } else {
    body = (
      <>
        <Table responsive hover className="table-nowrap table-cards mb-0 align-middle">
          <TableHead
            columns={[
              COLUMNS.email,
              COLUMNS.role,
              COLUMNS.status,
              COLUMNS.expires,
              COLUMNS.sent,
              COLUMNS.children,
              COLUMNS.actions,
            ]}
          />
          <tbody>
            {invitations.data.items.map((inv) => {
              const status = STATUS[inv.status] ?? { label: inv.status, bg: 'light', text: 'dark' };
              return (
                <tr key={inv.id}>
                  <td data-label={COLUMNS.email} className="cell-email">
                    <EmailAddress email={inv.email} />
                  </td>
                  <td data-label={COLUMNS.role}>{ROLE_LABELS[inv.role] ?? inv.role}</td>
                  <td data-label={COLUMNS.status}>
                    <Badge bg={status.bg} text={status.text}>
                      {status.label}
                    </Badge>
                  </td>
                  <td data-label={COLUMNS.expires}>{formatDateTime(inv.expires_at)}</td>
                  <td data-label={COLUMNS.sent}>{formatDateTime(inv.created_at)}</td>
                  <td data-label={COLUMNS.children} className="cell-wrap">
                    {inv.children.length > 0 && (
                      <ul className="list-unstyled mb-0 d-grid gap-1">
                        {inv.children.map((child) => (
                          <li key={child.id} className="d-flex flex-wrap gap-1 align-items-center">
                            <span>{child.full_name}</span>
                            <SectionBadge section={child.section} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td data-label={COLUMNS.actions}>
                    {inv.status === 'pending' && (
                      <div className="d-flex flex-wrap gap-2">
                        <Button
                          variant="outline-success"
                          size="sm"
                          onClick={() => resendTo(inv)}
                          disabled={resend.isPending}
                          aria-label={`Reenviar la invitación a ${inv.email}`}
                        >
                          {resend.isPending && resend.variables === inv.id && (
                            <Spinner
                              as="span"
                              size="sm"
                              animation="border"
                              aria-hidden="true"
                              className="me-1"
                            />
                          )}
                          Reenviar
                        </Button>
                        <Button
                          variant="outline-danger"
                          size="sm"
                          onClick={() => setTarget(inv)}
                          aria-label={`Revocar la invitación a ${inv.email}`}
                        >
                          Revocar
                        </Button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
        <Pager
          label={P.invitationsPages}
          page={page}
          total={invitations.data.total}
          count={P.invitations}
          busy={invitations.isFetching}
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="invitations-title" className="mb-5">
      <h2 id="invitations-title" className="h4 mb-3">
        Invitaciones Enviadas
      </h2>
      <BannerAlert banner={banner} onClose={() => setBanner(null)}>
        {banner?.link && (
          <div className="d-flex flex-column flex-sm-row gap-2 align-items-sm-center mt-2">
            <code className="invitation-link small flex-grow-1 min-w-0">{banner.link}</code>
            <CopyButton text={banner.link} label="Copiar enlace" />
          </div>
        )}
      </BannerAlert>
      {/* A form with the search role, not <search>: jsdom and older Safari do not know it. */}
      {/* biome-ignore lint/a11y/useSemanticElements: see above */}
      <form
        role="search"
        onSubmit={(e) => e.preventDefault()}
        aria-label={P.invitationsFilters}
        className="d-flex flex-wrap gap-2 align-items-end mb-3 list-controls"
      >
        <SearchBox
          id="invitations-search"
          placeholder={P.invitationsSearchPlaceholder}
          onSearch={onSearch}
        />
        <FilterSelect
          id="invitations-role"
          label={P.role}
          all={P.allRoles}
          value={filters.role}
          options={[...ROLES].reverse().map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          onChange={(role) => filter({ role: role as Role | '' })}
        />
        <FilterSelect
          id="invitations-status"
          label={P.status}
          all={P.allStatuses}
          value={filters.status}
          options={INVITATION_STATUSES.map((s) => ({ value: s, label: STATUS[s].label }))}
          onChange={(status) => filter({ status: status as InvitationStatus | '' })}
        />
      </form>
      {body}
      <ConfirmModal
        show={!!target}
        title="Revocar invitación"
        body={<p>¿Revocar la invitación enviada a {target?.email}?</p>}
        confirmLabel="Revocar"
        busyLabel="Revocando..."
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setTarget(null)}
      />
    </section>
  );
}
