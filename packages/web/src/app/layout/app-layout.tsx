import { lazy, Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { MenuIcon } from '../../components/icons';
import { Loading } from '../../components/loading';
import { paths } from '../../config/paths';
import { useAppConfig } from '../../lib/app-config';
import { loadBootstrapRest } from '../../styles/load-bootstrap-rest';
import { GroupLogo } from './group-logo';

const DRAWER_ID = 'nav-drawer';

// The drawer (React-Bootstrap's Offcanvas and its transitions) is not on the first screen: it
// loads when the menu button is first pointed at, focused or pressed.
const loadDrawer = () => Promise.all([import('./nav-drawer'), loadBootstrapRest()]);
const NavDrawer = lazy(async () => ({ default: (await loadDrawer())[0].NavDrawer }));

/** The app shell: top bar with the group's brand and the drawer's button, then the page. */
export function AppLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const config = useAppConfig();
  const groupName = config.data?.groupName ?? 'Fogata';

  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#contenido" className="visually-hidden-focusable skip-link">
        Saltar al contenido
      </a>
      <header>
        {/* Bootstrap's navbar markup as React-Bootstrap's Navbar wrote it, and as index.html's
            static shell has it (keep the three alike: the shell is replaced without a jump). */}
        <nav
          data-bs-theme="dark"
          className="app-navbar py-2 shadow-sm navbar navbar-expand navbar-light"
        >
          <div className="gap-2 container-lg">
            <button
              type="button"
              className="text-white p-1 me-1 border-0 btn btn-link"
              aria-label="Abrir menú"
              aria-controls={DRAWER_ID}
              aria-expanded={drawerOpen}
              onPointerEnter={() => void loadDrawer()}
              onFocus={() => void loadDrawer()}
              onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
            >
              <MenuIcon />
            </button>
            <Link
              to={paths.home.getHref()}
              className="d-flex align-items-center gap-2 me-auto text-truncate navbar-brand"
            >
              <GroupLogo groupName={config.data?.groupName} size={36} />
              <span className="text-truncate fw-semibold">{groupName}</span>
            </Link>
          </div>
        </nav>
      </header>
      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer id={DRAWER_ID} show={drawerOpen} onHide={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      <main id="contenido" tabIndex={-1} className="flex-grow-1 py-4">
        <div className="container-lg">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <footer className="app-footer py-3 mt-auto">
        <div className="small text-body-secondary container-lg">
          {groupName}
          {config.data?.groupAddress ? ` · ${config.data.groupAddress}` : ''}
        </div>
      </footer>
    </div>
  );
}
