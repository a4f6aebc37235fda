import Button from 'react-bootstrap/Button';
import Placeholder from 'react-bootstrap/Placeholder';
import { DismissibleAlert } from './dismissible-alert';

/** Skeleton rows while a table loads. */
export function TableSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="card card-body border-0 shadow-sm">
      <span className="visually-hidden">Cargando...</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: skeleton rows have no identity
        <Placeholder key={i} as="div" animation="glow" className="mb-2" aria-hidden="true">
          <Placeholder xs={12} className="rounded" style={{ height: '2rem' }} />
        </Placeholder>
      ))}
    </div>
  );
}

/** A load failure with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <DismissibleAlert variant="danger" message={message}>
      <Button variant="outline-danger" size="sm" className="mt-2" onClick={onRetry}>
        Reintentar
      </Button>
    </DismissibleAlert>
  );
}

/** Where a table's data is not there yet: the skeleton while it loads, or the error with a retry. */
export function LoadState({
  query,
  rows,
}: {
  query: { isError: boolean; error: Error | null; refetch: () => unknown };
  rows?: number;
}) {
  if (query.isError && query.error) {
    return <LoadError message={query.error.message} onRetry={() => query.refetch()} />;
  }
  return <TableSkeleton rows={rows} />;
}

/** A table's header row, one column heading for each of `columns`. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
