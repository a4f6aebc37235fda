import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Placeholder from 'react-bootstrap/Placeholder';
import { Link } from 'react-router';
import { SectionBadge } from '../../../components/section-badge';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/can';
import { useOwnChildren } from '../api/own-children';
import { CONSENT_TEXTS, MY_CHILDREN_TEXTS as T } from '../texts';
import { ChildConsents } from './child-consents';
import { ChildHealthLink } from './child-health-link';

/**
 * 'Mis educandos' (decision 049): the account's children, each with their section's badge, their
 * image consent, a link to 'Fotos de mi educando' (decision 073) and one to their ficha sanitaria.
 */
export function MyChildren() {
  const canSee = useCan('children:own');
  const children = useOwnChildren(canSee);
  if (!canSee) return null;

  let body: React.ReactNode;
  if (children.isPending) {
    body = (
      <Placeholder as="p" animation="glow" className="mb-0" aria-hidden="true">
        <Placeholder xs={8} />
      </Placeholder>
    );
  } else if (children.isError) {
    body = <p className="text-danger mb-0">{children.error.message}</p>;
  } else if (children.data.length === 0) {
    body = <p className="text-body-secondary mb-0">{T.empty}</p>;
  } else {
    body = (
      <ListGroup as="ul" variant="flush">
        {children.data.map((child) => (
          <ListGroup.Item
            as="li"
            key={child.id}
            className="px-0 d-flex flex-wrap align-items-center justify-content-between gap-2"
          >
            <span className="fw-semibold text-break">{child.full_name}</span>
            <SectionBadge section={child.section} />
            <ChildConsents child={child} />
            <Link
              to={paths.childPhotos.getHref(child.id)}
              className="btn btn-sm btn-outline-dark"
              aria-label={CONSENT_TEXTS.photosLinkLabel(child.full_name)}
            >
              {CONSENT_TEXTS.photosLink}
            </Link>
            <ChildHealthLink childId={child.id} name={child.full_name} />
          </ListGroup.Item>
        ))}
      </ListGroup>
    );
  }

  return (
    <Card className="auth-card shadow-sm border-0 mt-4" data-testid="my-children">
      <Card.Body className="p-4">
        <h2 className="h5 mb-3">{T.title}</h2>
        {body}
      </Card.Body>
    </Card>
  );
}
