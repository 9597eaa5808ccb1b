/** Texts of the event feed screen (spec document 2 §2 'Event feed screen', §8). */
export const EVENTS_TEXTS = {
  title: 'Eventos',
  tableLabel: 'Eventos de clientes',
  loading: 'Loading...',
  failed: 'Failed to load entries.',
  empty: 'No entries found.',
  stores: 'Lojas',
  noStoreSelected: 'Selecione ao menos uma loja.',
  customer: 'Cliente',
  customerNotFound: 'Cliente não encontrado nesta loja.',
  close: 'Fechar',
} as const;

/**
 * The feed's table: Data pinned at the start, the key columns shown; the ones that rarely tell
 * events apart (Busca, CEP, Dispositivo, IP) wait in 'Colunas': with them the table ran to about
 * 2,230 px, past a 1280 px screen. The choice is
 * remembered per browser under `preferencesId`.
 */
export const EVENT_FEED_COLUMNS = {
  preferencesId: 'event-feed',
  defaultPinned: ['createdAt'],
  defaultHidden: ['search', 'zipcode', 'device', 'ip'],
} as const;

/** Spec §9: the feed shows the latest 50 events. */
export const EVENT_FEED_LIMIT = 50;

export const CUSTOMER_EVENT_COLLECTION = 'customer-event';
export const CUSTOMER_COLLECTION = 'customer';

/** Query parameters that open a customer over the current screen (spec document 2 §2 routes). */
export const CUSTOMER_ID_PARAM = 'customerId';
export const PROJECT_PARAM = 'project';

/** Firestore's limit on the values of an 'in' filter: the super-project feed spans at most this many stores. */
export const MAX_STORES_PER_QUERY = 30;
