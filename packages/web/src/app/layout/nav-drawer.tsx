import { CAMP_LABELS } from '@fogata/shared';
import Button from 'react-bootstrap/Button';
import Nav from 'react-bootstrap/Nav';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { NavLink } from 'react-router';
import { Avatar } from '../../components/avatar';
import { paths } from '../../config/paths';
import { LANDING_TEXTS } from '../../features/landing/texts';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';
import { useProtectionDelegate } from '../../lib/protection-delegate-api';
import { PUBLIC_NAV } from './public-nav';

const DRAWER_TEXTS = { protectionInbox: 'Mensajes al delegado/a' } as const;

interface NavDrawerProps {
  id: string;
  show: boolean;
  onHide: () => void;
}

interface Entry {
  to: string;
  label: string;
  visible: boolean;
}

/** The navigation drawer: entries by session and role; the user's name as its title. */
export function NavDrawer({ id, show, onHide }: NavDrawerProps) {
  const { user, isAuthenticated, logout } = useAuth();
  const isAdmin = useCan('admin:panel');
  const canReview = useCan('gallery:review');
  const canManageChildren = useCan('children:manage');
  const canSeeActivities = useCan('activities:view');
  // Only a scouter or an admin can be the delegado/a: the server says whether it is this one.
  const delegate = useProtectionDelegate(useCan('camp:staff'));

  const entries: Entry[] = [
    { to: paths.login.getHref(), label: LANDING_TEXTS.login, visible: !isAuthenticated },
    { to: paths.profileEdit.getHref(), label: 'Editar Perfil', visible: isAuthenticated },
    { to: paths.gallery.getHref(), label: 'Galería', visible: isAuthenticated },
    { to: paths.activities.getHref(), label: 'Actividades', visible: canSeeActivities },
    ...PUBLIC_NAV.map((entry) => ({ ...entry, visible: true })),
    { to: paths.admin.getHref(), label: 'Administración', visible: isAdmin },
    // Scouters manage the children of their sections without the admin panel (decision 049).
    { to: paths.children.getHref(), label: 'Educandos', visible: canManageChildren },
    { to: paths.removalRequests.getHref(), label: 'Solicitudes de retirada', visible: canReview },
    // On camp: anyone may write to the delegado/a de protección; only they read the messages.
    { to: paths.protection.getHref(), label: CAMP_LABELS.protectionDelegate, visible: true },
    {
      to: paths.protectionInbox.getHref(),
      label: DRAWER_TEXTS.protectionInbox,
      visible: delegate.data?.mine === true,
    },
  ];

  return (
    <Offcanvas
      id={id}
      show={show}
      onHide={onHide}
      placement="start"
      aria-labelledby={`${id}-title`}
    >
      <Offcanvas.Header closeButton closeLabel="Cerrar menú" className="border-bottom">
        <Offcanvas.Title
          id={`${id}-title`}
          as="h2"
          className="h5 mb-0 d-flex align-items-center gap-2"
        >
          {user ? (
            <>
              <Avatar src={user.avatar_url} size={44} />
              <span className="text-break">{user.name}</span>
            </>
          ) : (
            'Menú'
          )}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="d-flex flex-column">
        <nav aria-label="Navegación principal">
          <Nav className="flex-column gap-1">
            {entries
              .filter((e) => e.visible)
              .map((e) => (
                <Nav.Link
                  key={e.to}
                  as={NavLink}
                  to={e.to}
                  onClick={onHide}
                  className="drawer-link rounded px-3 py-2"
                >
                  {e.label}
                </Nav.Link>
              ))}
          </Nav>
        </nav>
        {isAuthenticated && (
          <Button
            variant="outline-danger"
            className="mt-auto"
            onClick={() => {
              onHide();
              logout();
            }}
          >
            Cerrar Sesión
          </Button>
        )}
      </Offcanvas.Body>
    </Offcanvas>
  );
}
