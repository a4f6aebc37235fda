import { ComingSoon } from '../../../components/coming-soon';

/** /news/:newsId — built in a later issue. */
export function NewsDetailPage() {
  return <ComingSoon title="Noticias" />;
}
