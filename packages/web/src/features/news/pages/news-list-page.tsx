import { ComingSoon } from '../../../components/coming-soon';

/** /news — built in a later issue. */
export function NewsListPage() {
  return <ComingSoon title="Noticias" />;
}
