import Button from 'react-bootstrap/Button';

/** The pager's own words: the same under every paged list. */
export const PAGER_TEXTS = {
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  previous: 'Anterior',
  next: 'Siguiente',
} as const;

/**
 * 'Página X de Y · N …' with the previous and next buttons, under a list paged on the server:
 * `total` rows in pages of `pageSize`; `count` says the total in the list's own words.
 */
export function Pager({
  label,
  page,
  total,
  pageSize,
  count,
  busy,
  onPage,
  className = 'mt-2',
}: {
  label: string;
  page: number;
  total: number;
  pageSize: number;
  count: (n: number) => string;
  busy: boolean;
  onPage: (page: number) => void;
  className?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label={label}
      className={`d-flex flex-wrap align-items-center justify-content-between gap-2 ${className}`}
    >
      <span className="small text-body-secondary" aria-live="polite">
        {PAGER_TEXTS.page(Math.min(page, pages), pages)} · {count(total)}
      </span>
      <div className="d-flex gap-2">
        <Button
          size="sm"
          variant="outline-dark"
          disabled={page <= 1 || busy}
          onClick={() => onPage(Math.max(1, page - 1))}
        >
          {PAGER_TEXTS.previous}
        </Button>
        <Button
          size="sm"
          variant="outline-dark"
          disabled={page >= pages || busy}
          onClick={() => onPage(page + 1)}
        >
          {PAGER_TEXTS.next}
        </Button>
      </div>
    </nav>
  );
}
