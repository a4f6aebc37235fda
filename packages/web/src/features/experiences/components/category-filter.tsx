import {
  EXPERIENCE_CATEGORIES,
  EXPERIENCE_CATEGORY_LABELS,
  type ExperienceCategory,
} from '@fogata/shared';
import Button from 'react-bootstrap/Button';
import { EXPERIENCE_TEXTS as T } from '../texts';

/** The filter's value: a category, or 'all' (SPEC §9). */
export type CategoryFilterValue = ExperienceCategory | 'all';

const OPTIONS: { value: CategoryFilterValue; label: string }[] = [
  { value: 'all', label: T.filterAll },
  ...EXPERIENCE_CATEGORIES.map((value) => ({ value, label: EXPERIENCE_CATEGORY_LABELS[value] })),
];

/** Whether a URL value names a filter, so a stale or typed link falls back to 'all'. */
export const isCategoryFilter = (value: string | null): value is CategoryFilterValue =>
  OPTIONS.some((o) => o.value === value);

/** Todas / Rutas / Campamentos / Zonas de acampada: a labelled group of toggle buttons. */
export function CategoryFilter({
  value,
  onChange,
}: {
  value: CategoryFilterValue;
  onChange: (value: CategoryFilterValue) => void;
}) {
  return (
    <fieldset className="mb-4 category-filter">
      <legend className="visually-hidden">{T.filterLabel}</legend>
      <div className="d-flex flex-wrap gap-2">
        {OPTIONS.map((option) => (
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
