import { Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Navbar from 'react-bootstrap/Navbar';
import { Link, Outlet } from 'react-router';
import { MenuIcon } from '../../components/icons';
import { Loading } from '../../components/loading';
import { paths } from '../../config/paths';
import { useAppConfig } from '../../lib/app-config';
import { GroupLogo } from './group-logo';
import { NavDrawer } from './nav-drawer';

const DRAWER_ID = 'nav-drawer';

/** The app shell: top bar with the group's brand and the drawer's button, then the page. */
export function AppLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const config = useAppConfig();
  const groupName = config.data?.groupName ?? 'Fogata';

  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#contenido" className="visually-hidden-focusable skip-link">
        Saltar al contenido
      </a>
      <header>
        <Navbar data-bs-theme="dark" className="app-navbar py-2 shadow-sm">
          <Container fluid="lg" className="gap-2">
            <Button
              variant="link"
              className="text-white p-1 me-1 border-0"
              aria-label="Abrir menú"
              aria-controls={DRAWER_ID}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon />
            </Button>
            <Navbar.Brand
              as={Link}
              to={paths.home.getHref()}
              className="d-flex align-items-center gap-2 me-auto text-truncate"
            >
              <GroupLogo groupName={config.data?.groupName} size={36} />
              <span className="text-truncate fw-semibold">{groupName}</span>
            </Navbar.Brand>
          </Container>
        </Navbar>
      </header>
      <NavDrawer id={DRAWER_ID} show={drawerOpen} onHide={() => setDrawerOpen(false)} />
      <main id="contenido" tabIndex={-1} className="flex-grow-1 py-4">
        <Container fluid="lg">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Container>
      </main>
      <footer className="app-footer py-3 mt-auto">
        <Container fluid="lg" className="small text-body-secondary">
          {groupName}
          {config.data?.groupAddress ? ` · ${config.data.groupAddress}` : ''}
        </Container>
      </footer>
    </div>
  );
}
