import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router';
import { paths } from '../config/paths';
import { ADMIN_NAV_TEXTS as T } from '../lib/admin-texts';
import { useCan } from '../lib/can';

/**
 * The admin panel's small nav between its screens: each link only for who may use
 * it; none at all when there is only one (a scouter sees 'Educandos' and 'Consentimiento').
 */
export function AdminNav() {
  const links = [
    { to: paths.admin.getHref(), label: T.panel, visible: useCan('admin:panel') },
    { to: paths.sections.getHref(), label: T.sections, visible: useCan('sections:manage') },
    { to: paths.children.getHref(), label: T.children, visible: useCan('children:manage') },
    { to: paths.promotion.getHref(), label: T.promotion, visible: useCan('children:promote') },
    // The register (scouters, their sections) and the text (admins).
    { to: paths.consent.getHref(), label: T.consent, visible: useCan('consent:record') },
    { to: paths.imageSettings.getHref(), label: T.image, visible: useCan('settings:manage') },
    // The activities' autorización text and the delegado/a de protección (admins).
    {
      to: paths.authorizationText.getHref(),
      label: T.authorization,
      visible: useCan('authorization:text'),
    },
    // Certificados negativos, the camp settings, the delegado/a (admins).
    {
      to: paths.safeguarding.getHref(),
      label: T.safeguarding,
      visible: useCan('safeguarding:manage'),
    },
  ].filter((l) => l.visible);
  if (links.length < 2) return null;
  return (
    <nav aria-label={T.label} className="mb-4">
      <Nav variant="pills" className="flex-wrap gap-1">
        {links.map((l) => (
          <Nav.Item key={l.to}>
            <Nav.Link as={NavLink} to={l.to} end>
              {l.label}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
    </nav>
  );
}
