import Col from 'react-bootstrap/Col';
import Row, { type RowProps } from 'react-bootstrap/Row';
import { SkeletonCard } from './skeleton-card';

/**
 * A list of cards while it loads (news, experiences, albums, the team): `count` placeholder cards
 * in the list's own grid, marked busy, with `label` for screen readers.
 */
export function SkeletonGrid({
  label,
  count,
  ratio,
  columns,
}: {
  label: string;
  count: number;
  /** The cards' image shape. */
  ratio?: number;
  /** The grid's columns per breakpoint, as the loaded list has them. */
  columns: Pick<RowProps, 'xs' | 'sm' | 'lg' | 'xl'>;
}) {
  return (
    <div aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      <Row {...columns} className="g-4">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Col key={i}>
            <SkeletonCard ratio={ratio} />
          </Col>
        ))}
      </Row>
    </div>
  );
}
