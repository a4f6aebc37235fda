import { ComingSoon } from '../../../components/coming-soon';

/** /experience/:id — built in a later issue. */
export function ExperienceDetailPage() {
  return <ComingSoon title="Experiencias" />;
}
