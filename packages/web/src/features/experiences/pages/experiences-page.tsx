import { ComingSoon } from '../../../components/coming-soon';

/** /experiences — built in a later issue. */
export function ExperiencesPage() {
  return <ComingSoon title="Experiencias" />;
}
