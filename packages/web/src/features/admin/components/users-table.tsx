import { ROLE_LABELS, ROLES, type Role, SERVER_SUCCESS, type User } from '@fogata/shared';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Avatar } from '../../../components/avatar';
import { ConfirmModal } from '../../../components/confirm-modal';
import { type AlertVariant, DismissibleAlert } from '../../../components/dismissible-alert';
import { EmailAddress } from '../../../components/email-address';
import { formatDateTime } from '../../../lib/format-date';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { LoadError, TableSkeleton } from './section-state';

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
  actions: 'Acciones',
} as const;

type Banner = { variant: AlertVariant; message: string } | null;

/** 'Gestión de Usuarios Registrados': roles change only when saved; one's own row is read-only. */
export function UsersTable({ currentUserId }: { currentUserId: number }) {
  const users = useUsers();
  const updateRole = useUpdateUserRole();
  const deleteUser = useDeleteUser();
  // Chosen but unsaved roles, per user id.
  const [pending, setPending] = useState<Record<number, Role>>({});
  const [target, setTarget] = useState<User | null>(null);
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
  if (users.isPending) {
    body = <TableSkeleton />;
  } else if (users.isError) {
    body = <LoadError message={users.error.message} onRetry={() => users.refetch()} />;
  } else if (users.data.length === 0) {
    body = <p className="text-body-secondary">No hay usuarios registrados.</p>;
  } else {
    body = (
      <Table responsive hover className="table-nowrap table-cards mb-0 align-middle">
        <thead>
          <tr>
            <th scope="col">{COLUMNS.id}</th>
            <th scope="col">{COLUMNS.name}</th>
            <th scope="col">{COLUMNS.email}</th>
            <th scope="col">{COLUMNS.role}</th>
            <th scope="col">{COLUMNS.avatar}</th>
            <th scope="col">{COLUMNS.registered}</th>
            <th scope="col">{COLUMNS.actions}</th>
          </tr>
        </thead>
        <tbody>
          {users.data.map((user) => {
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
                <td data-label={COLUMNS.avatar}>
                  <Avatar src={user.avatar_url} alt={`Avatar de ${user.name}`} size={36} />
                </td>
                <td data-label={COLUMNS.registered}>{formatDateTime(user.created_at)}</td>
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
    );
  }

  return (
    <section aria-labelledby="users-title" className="mb-5">
      <h2 id="users-title" className="h4 mb-3">
        Gestión de Usuarios Registrados
      </h2>
      <DismissibleAlert
        variant={banner?.variant ?? 'danger'}
        message={banner?.message}
        onClose={() => setBanner(null)}
      />
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
