import { Link } from 'react-router';
import { useCan } from '../lib/can';

/** Texts of the link to Revisar caras and the count of faces to review, shared by every page. */
export const REVIEW_FACES_TEXTS = {
  link: 'Revisar caras',
  toReview: (n: number) => (n === 1 ? '1 cara por revisar' : `${n} caras por revisar`),
} as const;

interface ReviewFacesLinkProps {
  href: string;
  /** The faces still to review, when known (an album's). */
  pending?: number;
  className?: string;
}

/**
 * 'Revisar caras' for managers (decision 077): an album's, a news item's or an
 * experience's faces; with the count still to review when there is one. Nothing for anyone else.
 */
export function ReviewFacesLink({ href, pending, className }: ReviewFacesLinkProps) {
  const canReview = useCan('faces:review');
  if (!canReview) return null;
  return (
    <Link to={href} className={`btn btn-sm btn-outline-dark ${className ?? ''}`}>
      {REVIEW_FACES_TEXTS.link}
      {pending !== undefined && pending > 0 && (
        <span className="badge text-bg-warning ms-1">{REVIEW_FACES_TEXTS.toReview(pending)}</span>
      )}
    </Link>
  );
}
