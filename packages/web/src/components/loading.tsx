import Spinner from 'react-bootstrap/Spinner';

/** A centred spinner with a text for screen readers. */
export function Loading({ label = 'Cargando...' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center py-5" role="status">
      <Spinner animation="border" variant="success" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
