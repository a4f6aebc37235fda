import {
  type AdminUser,
  ROLE_LABELS,
  ROLES,
  type Role,
  SERVER_SUCCESS,
  type User,
} from '@fogata/shared';
import { useCallback, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Avatar } from '../../../components/avatar';
import { ConfirmModal } from '../../../components/confirm-modal';
import { type Banner, BannerAlert } from '../../../components/dismissible-alert';
import { EmailAddress } from '../../../components/email-address';
import { FilterSelect, Pager, SearchBox } from '../../../components/list-controls';
import { LoadState, TableHead } from '../../../components/load-state';
import { SectionBadge } from '../../../components/section-badge';
import { formatDateTime } from '../../../lib/format-date';
import { useSections } from '../../../lib/sections-api';
import { type UsersFilters, useUsersPage } from '../api/admin-lists';
import { useDeleteUser } from '../api/delete-user';
import { useUpdateUserRole } from '../api/update-user-role';
import { PANEL_TEXTS as P } from '../texts';

const ROLE_BADGE: Record<Role, string> = {
  admin: 'danger',
  scouter: 'primary',
  usuario: 'secondary',
};

/** The columns' headers; on a phone each cell shows its header as a label (a row reads as a card). */
const COLUMNS = {
  id: 'ID',
  name: 'Nombre',
  email: 'Email',
  role: 'Rol',
  avatar: 'Avatar',
  registered: 'Registrado',
  family: P.family,
  actions: 'Acciones',
} as const;

const NO_FILTERS: UsersFilters = { q: '', role: '', section: '' };

/**
 * 'Gestión de Usuarios Registrados': the users a page at a time, searched and filtered on the
 * server (decision 051); roles change only when saved; one's own row is read-only.
 */
export function UsersTable({ currentUserId }: { currentUserId: number }) {
  const [filters, setFilters] = useState<UsersFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const users = useUsersPage(filters, page);
  // The sections in use, for the section filter (none shown when they cannot be read).
  const sections = useSections();
  const filter = useCallback((change: Partial<UsersFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(1);
  }, []);
  const onSearch = useCallback((q: string) => filter({ q }), [filter]);
  const filtered = filters.q !== '' || filters.role !== '' || filters.section !== '';
  const updateRole = useUpdateUserRole();
  const deleteUser = useDeleteUser();
  // Chosen but unsaved roles, per user id.
  const [pending, setPending] = useState<Record<number, Role>>({});
  const [target, setTarget] = useState<AdminUser | null>(null);
  const [banner, setBanner] = useState<Banner>(null);

  const choose = (user: User, role: Role) =>
    setPending(({ [user.id]: _, ...rest }) =>
      role === user.role ? rest : { ...rest, [user.id]: role },
    );

  const saveRole = async (user: User) => {
    const role = pending[user.id];
    if (!role) return;
    setBanner(null);
    try {
      const updated = await updateRole.mutateAsync({ id: user.id, role });
      setPending(({ [user.id]: _, ...rest }) => rest);
      setBanner({
        variant: 'success',
        message: SERVER_SUCCESS.roleUpdated(updated.name ?? user.name),
      });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    }
  };

  const confirmDelete = async () => {
    if (!target) return;
    const user = target;
    setBanner(null);
    try {
      const result = await deleteUser.mutateAsync(user.id);
      setPending(({ [user.id]: _, ...rest }) => rest);
      setBanner({
        variant: 'success',
        message: result.message || SERVER_SUCCESS.userDeleted(user.name),
      });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    } finally {
      setTarget(null);
    }
  };

  let body: React.ReactNode;
  if (users.isPending || users.isError) {
    body = <LoadState query={users} />;
  } else if (users.data.items.length === 0 && page === 1) {
    body = (
      <p className="text-body-secondary">
        {filtered ? P.noUsersMatch : 'No hay usuarios registrados.'}
      </p>
    );
  } else {
    body = (
      <>
        <Table responsive hover className="table-nowrap table-cards mb-0 align-middle">
          <TableHead
            columns={[
              COLUMNS.id,
              COLUMNS.name,
              COLUMNS.email,
              COLUMNS.role,
              COLUMNS.avatar,
              COLUMNS.registered,
              COLUMNS.family,
              COLUMNS.actions,
            ]}
          />
          <tbody>
            {users.data.items.map((user) => {
              const own = user.id === currentUserId;
              const chosen = pending[user.id] ?? user.role;
              const changed = chosen !== user.role;
              const saving = updateRole.isPending && updateRole.variables?.id === user.id;
              return (
                <tr key={user.id}>
                  <td data-label={COLUMNS.id}>{user.id}</td>
                  <td data-label={COLUMNS.name} className="cell-wrap">
                    <span>
                      {user.name}
                      {own && <span className="ms-1 text-body-secondary">(Tú)</span>}
                    </span>
                  </td>
                  <td data-label={COLUMNS.email} className="cell-email">
                    <EmailAddress email={user.email} />
                  </td>
                  <td data-label={COLUMNS.role}>
                    {own ? (
                      <Badge bg={ROLE_BADGE[user.role] ?? 'secondary'}>
                        {ROLE_LABELS[user.role]}
                      </Badge>
                    ) : (
                      <Form.Select
                        size="sm"
                        value={chosen}
                        onChange={(e) => choose(user, e.target.value as Role)}
                        aria-label={`Rol de ${user.name}`}
                        style={{ minWidth: '8rem' }}
                      >
                        {[...ROLES].reverse().map((r) => (
                          <option key={r} value={r}>
                            {ROLE_LABELS[r]}
                          </option>
                        ))}
                      </Form.Select>
                    )}
                  </td>
                  <td data-label={COLUMNS.avatar} className="cell-avatar">
                    <Avatar src={user.avatar_url} alt={`Avatar de ${user.name}`} size={36} />
                  </td>
                  <td data-label={COLUMNS.registered}>{formatDateTime(user.created_at)}</td>
                  <td data-label={COLUMNS.family} className="cell-wrap">
                    {(user.children_count > 0 || user.sections.length > 0) && (
                      <span className="d-inline-flex flex-wrap gap-1 align-items-center">
                        {user.children_count > 0 && (
                          <span className="me-1">{P.childrenCount(user.children_count)}</span>
                        )}
                        {user.sections.map((section) => (
                          <SectionBadge key={section.id} section={section} />
                        ))}
                      </span>
                    )}
                  </td>
                  <td data-label={COLUMNS.actions}>
                    {!own && (
                      <div className="d-flex flex-wrap gap-2">
                        {changed && (
                          <Button
                            variant="success"
                            size="sm"
                            disabled={saving}
                            onClick={() => saveRole(user)}
                            aria-label={`Guardar rol de ${user.name}`}
                          >
                            {saving && (
                              <Spinner
                                as="span"
                                size="sm"
                                animation="border"
                                aria-hidden="true"
                                className="me-1"
                              />
                            )}
                            Guardar rol
                          </Button>
                        )}
                        <Button
                          variant="outline-danger"
                          size="sm"
                          onClick={() => setTarget(user)}
                          aria-label={`Eliminar a ${user.name}`}
                        >
                          Eliminar
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
          label={P.usersPages}
          page={page}
          total={users.data.total}
          count={P.users}
          busy={users.isFetching}
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="users-title" className="mb-5">
      <h2 id="users-title" className="h4 mb-3">
        Gestión de Usuarios Registrados
      </h2>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      {/* A form with the search role, not <search>: jsdom and older Safari do not know it. */}
      {/* biome-ignore lint/a11y/useSemanticElements: see above */}
      <form
        role="search"
        onSubmit={(e) => e.preventDefault()}
        aria-label={P.usersFilters}
        className="d-flex flex-wrap gap-2 align-items-end mb-3 list-controls"
      >
        <SearchBox id="users-search" placeholder={P.usersSearchPlaceholder} onSearch={onSearch} />
        <FilterSelect
          id="users-role"
          label={P.role}
          all={P.allRoles}
          value={filters.role}
          options={[...ROLES].reverse().map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          onChange={(role) => filter({ role: role as Role | '' })}
        />
        {!!sections.data?.length && (
          <FilterSelect
            id="users-section"
            label={P.section}
            all={P.allSections}
            value={filters.section}
            options={sections.data.map((s) => ({ value: String(s.id), label: s.name }))}
            onChange={(section) => filter({ section })}
          />
        )}
      </form>
      {body}
      <ConfirmModal
        show={!!target}
        title="Eliminar usuario"
        body={
          <p>
            ¿Eliminar a {target?.name} ({target?.email})?
          </p>
        }
        confirmLabel="Eliminar"
        busy={deleteUser.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setTarget(null)}
      />
    </section>
  );
}
