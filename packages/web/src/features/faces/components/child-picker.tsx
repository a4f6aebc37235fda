import type { FaceChild } from '@fogata/shared';
import { type KeyboardEvent, type RefObject, useId, useMemo, useState } from 'react';
import { T } from '../texts';

/** Lower case, without accents: what a search compares. */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The children whose name (or section) holds every word of `query`, in their order. */
export function matchChildren(children: FaceChild[], query: string): FaceChild[] {
  const words = searchKey(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return children;
  return children.filter((child) => {
    const key = searchKey(`${child.full_name} ${child.section ?? ''}`);
    return words.every((word) => key.includes(word));
  });
}

/** At most this many matches are listed: typing narrows them. */
const SHOWN = 8;

interface ChildPickerProps {
  options: FaceChild[];
  inputRef: RefObject<HTMLInputElement | null>;
  /** The child chosen (Enter on a match, or a click). */
  onPick: (child: FaceChild) => void;
  /** Escape: back to the face. */
  onCancel: () => void;
  disabled?: boolean;
}

/**
 * A typeahead for the child of a face: a combobox over the children offered, Arrow keys through
 * the matches, Enter assigns the highlighted one (the first by default), Escape goes back.
 */
export function ChildPicker({ options, inputRef, onPick, onCancel, disabled }: ChildPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(() => matchChildren(options, query).slice(0, SHOWN), [options, query]);
  const current = matches[Math.min(active, matches.length - 1)];
  const optionId = (i: number) => `${id}-opt-${i}`;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (current && query.trim()) {
        onPick(current);
        setQuery('');
        setActive(0);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setQuery('');
      onCancel();
    }
  }

  if (options.length === 0) return <p className="small text-body-secondary mb-0">{T.noChildren}</p>;
  const open = query.trim().length > 0;
  return (
    <div className="position-relative face-child-picker">
      <label htmlFor={`${id}-input`} className="form-label small fw-semibold mb-1">
        {T.childLabel}
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        className="form-control"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && current ? optionId(matches.indexOf(current)) : undefined}
        placeholder={T.childPlaceholder}
        autoComplete="off"
        value={query}
        disabled={disabled}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label={T.childLabel}
        className="list-group mt-1 shadow-sm"
        hidden={!open}
      >
        {matches.length === 0 ? (
          <div className="list-group-item small text-body-secondary">{T.noChildMatch}</div>
        ) : (
          matches.map((child, i) => (
            <div
              key={child.id}
              id={optionId(i)}
              role="option"
              aria-selected={child === current}
              // Focus stays in the search box (aria-activedescendant); a pointer may still pick.
              tabIndex={-1}
              className={`list-group-item list-group-item-action d-flex justify-content-between gap-2${child === current ? ' active' : ''}`}
              // mousedown, not click: the input must keep its focus.
              onMouseDown={(event) => {
                event.preventDefault();
                onPick(child);
                setQuery('');
                setActive(0);
              }}
              onMouseEnter={() => setActive(i)}
            >
              <span className="text-break">{child.full_name}</span>
              {child.section && <small className="text-nowrap">{child.section}</small>}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
