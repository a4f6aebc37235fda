import Card from 'react-bootstrap/Card';
import Placeholder from 'react-bootstrap/Placeholder';

/** A card-shaped placeholder shown while a list loads (SPEC §9: 8 in lists, 3 on the landing). */
export function SkeletonCard({ ratio = 4 / 3 }: { ratio?: number }) {
  return (
    <Card className="h-100 shadow-sm border-0" aria-hidden="true" data-testid="skeleton-card">
      <Placeholder
        as="div"
        animation="glow"
        className="card-img-top overflow-hidden"
        style={{ aspectRatio: String(ratio) }}
      >
        <Placeholder className="w-100 h-100" />
      </Placeholder>
      <Card.Body>
        <Placeholder as={Card.Title} animation="glow">
          <Placeholder xs={7} />
        </Placeholder>
        <Placeholder as={Card.Text} animation="glow">
          <Placeholder xs={11} /> <Placeholder xs={8} /> <Placeholder xs={4} />
        </Placeholder>
      </Card.Body>
    </Card>
  );
}
