import { CAMP_ERRORS, CAMP_LABELS } from '@fogata/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useProtectionDelegate } from '../../../lib/protection-delegate-api';
import { WHO_WE_ARE_TEXTS as T } from '../texts';

/**
 * The group's delegado/a de protección and the way to write to them. The server's render reads
 * them for the page, so the visitor's first paint and the browser's hydration draw the same.
 */
export function ProtectionDelegate() {
  const delegate = useProtectionDelegate();
  let who: React.ReactNode;
  if (delegate.data === undefined) who = null;
  else if (delegate.data === null) who = <p className="mb-2">{CAMP_ERRORS.noDelegate}</p>;
  else {
    who = (
      <p className="mb-2 text-break">
        <span className="fw-semibold">{delegate.data.name}</span> · {delegate.data.contact}
      </p>
    );
  }
  return (
    <section aria-labelledby="delegate-heading" className="mb-5" style={{ maxWidth: '48rem' }}>
      <h2 id="delegate-heading" className="h4 mb-3">
        {CAMP_LABELS.protectionDelegate}
      </h2>
      <p>{T.delegateIntro}</p>
      {who}
      <Link to={paths.protection.getHref()} className="btn btn-outline-dark">
        {CAMP_LABELS.writeToDelegate}
      </Link>
    </section>
  );
}
