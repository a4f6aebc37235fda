import { SERVER_ERRORS } from '@fogata/shared';
import { AdminNav } from '../../components/admin-nav';
import { DismissibleAlert } from '../../components/dismissible-alert';
import { AuditTable } from '../../features/admin-audit/components/audit-table';
import { InvitationsTable } from '../../features/admin-people/components/invitations-table';
import { InviteForm } from '../../features/admin-people/components/invite-form';
import { UsersTable } from '../../features/admin-people/components/users-table';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';

/**
 * /admin/invitations, for admins only: the invitations and registered users (admin-people) and
 * the audit log (admin-audit). Composed here, not in either feature: features never import each
 * other.
 */
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
