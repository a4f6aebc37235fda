import { DIGEST_MESSAGES } from '@fogata/shared';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useUnsubscribe } from '../api/digest';
import { DIGEST_TEXTS as T } from '../texts';

/**
 * /unsubscribe?token=: the link in every digest. Unsubscribes on opening, without signing in
 * (decision 022), and says so; a bad link gets the server's Spanish message.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { isAuthenticated } = useAuth();
  const mutation = useUnsubscribe();
  const { mutate } = mutation;
  // Once per page, even when React runs the effect twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  let content: React.ReactNode;
  if (!token) {
    content = <DismissibleAlert variant="danger" message={DIGEST_MESSAGES.unsubscribeInvalid} />;
  } else if (mutation.isSuccess) {
    content = <DismissibleAlert variant="success" message={mutation.data.message} />;
  } else if (mutation.isError) {
    content = <DismissibleAlert variant="danger" message={mutation.error.message} />;
  } else {
    content = <Loading label={T.unsubscribing} />;
  }

  return (
    <AuthCard title={T.unsubscribeTitle}>
      <div aria-live="polite">{content}</div>
      <div className="text-center mt-3">
        {isAuthenticated ? (
          <Link to={paths.profileEdit.getHref()}>{T.toProfile}</Link>
        ) : (
          <Link to={paths.home.getHref()}>{T.toHome}</Link>
        )}
      </div>
    </AuthCard>
  );
}
