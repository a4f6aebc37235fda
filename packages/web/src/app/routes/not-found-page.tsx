import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <section className="text-center py-5">
      <h1 className="h2">Página no encontrada</h1>
      <p className="text-body-secondary">La página que buscas no existe o se ha movido.</p>
      <Link to={paths.home.getHref()} className="btn btn-success">
        Volver al inicio
      </Link>
    </section>
  );
}
