import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PANEL_PAGE_SIZE, PANEL_TEXTS as T } from '../panel-texts';

/** A search box whose value reaches `onSearch` once the typing pauses. */
export function SearchBox({
  id,
  placeholder,
  onSearch,
}: {
  id: string;
  placeholder: string;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <Form.Group controlId={id} className="list-search">
      <Form.Label className="small mb-1">{T.search}</Form.Label>
      <Form.Control
        type="search"
        size="sm"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </Form.Group>
  );
}

/** A labelled select of a list's filters; '' is "all". */
export function FilterSelect({
  id,
  label,
  all,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  all: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Form.Group controlId={id} className="list-filter">
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** 'Página X de Y · N …' with the previous and next buttons. */
export function Pager({
  label,
  page,
  total,
  count,
  busy,
  onPage,
}: {
  label: string;
  page: number;
  total: number;
  count: (n: number) => string;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / PANEL_PAGE_SIZE));
  return (
    <nav
      aria-label={label}
      className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-2"
    >
      <span className="small text-body-secondary" aria-live="polite">
        {T.page(Math.min(page, pages), pages)} · {count(total)}
      </span>
      <div className="d-flex gap-2">
        <Button
          size="sm"
          variant="outline-dark"
          disabled={page <= 1 || busy}
          onClick={() => onPage(Math.max(1, page - 1))}
        >
          {T.previous}
        </Button>
        <Button
          size="sm"
          variant="outline-dark"
          disabled={page >= pages || busy}
          onClick={() => onPage(page + 1)}
        >
          {T.next}
        </Button>
      </div>
    </nav>
  );
}
