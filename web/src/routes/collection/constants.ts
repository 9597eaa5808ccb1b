/** Texts of the collection screen, verbatim from the spec (document 2 §8). */
export const LIST_TEXTS = {
  loading: 'Loading...',
  empty: 'No entries found.',
  failed: 'Failed to load entries.',
  add: 'Add',
  notFound: 'Coleção não encontrada',
  filterLabel: 'Filtrar',
  noSelection: 'Selecione um registro na lista ou clique em Add para criar um novo.',
} as const;

/** Spec §9: the filter input is debounced by 300 ms. */
export const FILTER_DEBOUNCE_MS = 300;
