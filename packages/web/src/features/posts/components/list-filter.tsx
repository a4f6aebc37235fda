import Button from 'react-bootstrap/Button';
import type { PostFilter } from '../kinds';

/** A list's filter (Todas / Rutas / Campamentos / Zonas de acampada): a labelled group of toggle buttons. */
export function ListFilter({
  filter,
  value,
  onChange,
}: {
  filter: PostFilter<never>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="mb-4 category-filter">
      <legend className="visually-hidden">{filter.label}</legend>
      <div className="d-flex flex-wrap gap-2">
        {filter.options.map((option) => (
          <Button
            key={option.value}
            variant={option.value === value ? 'success' : 'outline-success'}
            size="sm"
            className="rounded-pill px-3"
            aria-pressed={option.value === value}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
