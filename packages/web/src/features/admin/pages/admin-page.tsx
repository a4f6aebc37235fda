import { SERVER_ERRORS } from '@fogata/shared';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { AdminNav } from '../components/admin-nav';
import { AuditTable } from '../components/audit-table';
import { InvitationsTable } from '../components/invitations-table';
import { InviteForm } from '../components/invite-form';
import { UsersTable } from '../components/users-table';

/** /admin/invitations: invitations and registered users, for admins only. */
export function AdminPage() {
  const { user } = useAuth();
  const isAdmin = useCan('admin:panel');

  return (
    <>
      <h1 className="h2 mb-4">Panel de Administración</h1>
      {!isAdmin || !user ? (
        <DismissibleAlert variant="danger" message={SERVER_ERRORS.adminOnly} />
      ) : (
        <>
          <AdminNav />
          <InviteForm />
          <InvitationsTable />
          <UsersTable currentUserId={user.id} />
          <AuditTable />
        </>
      )}
    </>
  );
}
