import { ComingSoon } from '../../../components/coming-soon';

/** /whoweare — built in a later issue. */
export function WhoWeArePage() {
  return <ComingSoon title="¿Quiénes somos?" />;
}
