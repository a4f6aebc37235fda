import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useAppConfig } from '../../../lib/app-config';
import { useAuth } from '../../../lib/auth';

/** /: the hero with the group's name and tagline. The highlighted news arrive in a later issue. */
export function LandingPage() {
  const config = useAppConfig();
  const { isAuthenticated } = useAuth();
  const groupName = config.data?.groupName;

  return (
    <section className="hero px-4 py-5 p-md-5 shadow-sm" aria-labelledby="hero-title">
      <h1 id="hero-title" className="display-5 fw-bold mb-3">
        {groupName ?? (config.isPending ? '\u00a0' : 'Fogata')}
      </h1>
      <p className="lead mb-4">Siempre listos para servir</p>
      <div className="d-flex flex-wrap gap-2">
        <Link to={paths.news.getHref()} className="btn btn-warning fw-semibold">
          Noticias
        </Link>
        <Link to={paths.whoWeAre.getHref()} className="btn btn-outline-light">
          ¿Quiénes somos?
        </Link>
        {!isAuthenticated && (
          <Link to={paths.login.getHref()} className="btn btn-outline-light">
            Iniciar Sesión
          </Link>
        )}
      </div>
    </section>
  );
}
