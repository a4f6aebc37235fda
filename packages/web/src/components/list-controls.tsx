import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { PANEL_PAGE_SIZE, LIST_TEXTS as T } from '../lib/admin-texts';
import { Pager as SharedPager } from './pager';

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

/** The panel's pager: `components/pager` in pages of PANEL_PAGE_SIZE. */
export function Pager(props: Omit<Parameters<typeof SharedPager>[0], 'pageSize'>) {
  return <SharedPager {...props} pageSize={PANEL_PAGE_SIZE} />;
}
