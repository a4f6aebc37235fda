import type { InvitationChild } from '@fogata/shared';
import { useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { CHILD_PICKER_TEXTS as T } from '../lib/admin-texts';
import { useChildSearch } from '../lib/child-search-api';
import { SectionBadge } from './section-badge';

/** Waits for the typing to pause before searching. */
function useDebounced(value: string, ms = 250): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * "Invitar a la familia de …": a search box over the children (a combobox: arrows move through
 * the results, Enter picks, Escape closes) and the chosen children as chips, each with a button
 * that removes it.
 */
export function ChildPicker({
  value,
  onChange,
  label = T.label,
  help = T.help,
}: {
  value: InvitationChild[];
  onChange: (children: InvitationChild[]) => void;
  /** The field's label and help, when it is not the invitation's (the image ledger's filter). */
  label?: string;
  help?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim());
  const search = useChildSearch(q);
  const chosen = new Set(value.map((c) => c.id));
  const results = (search.data ?? []).filter((c) => !chosen.has(c.id));
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const showList = open && text.trim().length > 0;

  const pick = (i: number) => {
    const child = results[i];
    if (!child) return;
    onChange([...value, { id: child.id, full_name: child.full_name, section: child.section }]);
    setText('');
    setActive(0);
    setOpen(false);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(results.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      // Enter picks a result; it never submits the invitations by accident.
      if (showList) {
        e.preventDefault();
        pick(active);
      }
    } else if (e.key === 'Escape' && showList) {
      e.preventDefault();
      setOpen(false);
    }
  };

  let status = '';
  if (showList) {
    if (search.isError) status = T.failed;
    else if (search.isFetching || q !== text.trim()) status = T.searching;
    else if (results.length === 0) status = T.none;
    else status = T.results(results.length);
  }

  return (
    <div className="mb-3 child-picker">
      <Form.Label htmlFor={`${id}-input`}>{label}</Form.Label>
      {value.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label={T.chosen}>
          {value.map((child) => (
            <li key={child.id} className="child-chip">
              <span className="child-chip-name">{child.full_name}</span>
              <SectionBadge section={child.section} />
              <button
                type="button"
                className="btn-close btn-close-sm ms-1"
                aria-label={T.remove(child.full_name)}
                onClick={() => onChange(value.filter((c) => c.id !== child.id))}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="position-relative">
        <Form.Control
          id={`${id}-input`}
          type="search"
          role="combobox"
          autoComplete="off"
          placeholder={T.placeholder}
          aria-describedby={`${id}-help`}
          aria-autocomplete="list"
          aria-expanded={showList && results.length > 0}
          aria-controls={listId}
          aria-activedescendant={showList && results[active] ? optionId(active) : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          className="list-group w-100 shadow child-picker-list"
          hidden={!showList || results.length === 0}
        >
          {results.map((child, i) => (
            <div
              key={child.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Focus stays in the search box (aria-activedescendant); a pointer may still pick.
              tabIndex={-1}
              className={`list-group-item list-group-item-action d-flex flex-wrap gap-2 align-items-center${i === active ? ' active' : ''}`}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(i);
              }}
              onMouseEnter={() => setActive(i)}
            >
              <span>{child.full_name}</span>
              <SectionBadge section={child.section} />
            </div>
          ))}
        </div>
      </div>
      <div className="small mt-1" aria-live="polite">
        {status}
      </div>
      <Form.Text id={`${id}-help`} className="text-body-secondary">
        {help}
      </Form.Text>
    </div>
  );
}
