import type { BoardRow, SignupShown } from './types';

/** What the board's filters hold; 'all' lets every row through. */
export interface BoardFilters {
  signup: SignupShown | 'all';
  /** autorizado: online or on paper; sin_autorizar: missing or partial. */
  authorization:
    | 'all'
    | 'autorizado'
    | 'sin_autorizar'
    | 'online'
    | 'paper'
    | 'partial'
    | 'missing';
  payment: 'all' | 'paid' | 'unpaid';
  search: string;
}

export const NO_FILTERS: BoardFilters = {
  signup: 'all',
  authorization: 'all',
  payment: 'all',
  search: '',
};

/** Lower case without accents: 'Álvaro' is found by 'alvaro'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function authorizationPasses(row: BoardRow, wanted: BoardFilters['authorization']): boolean {
  const { state } = row.authorization;
  if (wanted === 'all') return true;
  if (wanted === 'autorizado') return state === 'online' || state === 'paper';
  if (wanted === 'sin_autorizar') return state === 'missing' || state === 'partial';
  return state === wanted;
}

/** The rows every filter lets through, in the server's order (by section, then name). */
export function filterRows(rows: readonly BoardRow[], filters: BoardFilters): BoardRow[] {
  const words = fold(filters.search).split(/\s+/).filter(Boolean);
  return rows.filter(
    (row) =>
      (filters.signup === 'all' || row.signup === filters.signup) &&
      authorizationPasses(row, filters.authorization) &&
      (filters.payment === 'all' || (row.payment !== null) === (filters.payment === 'paid')) &&
      words.every((word) => fold(row.child_name).includes(word)),
  );
}
