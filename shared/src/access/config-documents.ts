/**
 * Every config document of document 2 §3 (project/{p}/config/{id}, one per id) and who may read
 * and write it: 'admin' when it holds a credential, key, token or password — anything that would
 * let its reader act as the store with a provider — and 'members' (the store's staff) otherwise.
 *
 * The one source of the admin-only list: firestore.rules' `adminOnlyConfig` is written from it
 * (`node scripts/build.mjs rules`), the settings definitions read their `adminOnly` from it and the
 * console hides those screens from staff. A settings screen whose id is not here fails a unit test.
 */
export const CONFIG_DOCUMENT_ACCESS = {
  store: 'members', // identity, contacts, address, logos: shown on the storefront anyway
  layout: 'members', // popup, coupons and colours
  blog: 'members',
  erp: 'members', // which ERP (bling); its credentials are in config/bling
  conversation: 'members', // tags
  bling: 'admin', // apiKey, clientId, clientSecret, OAuth bearer and refresh token per account
  shipping: 'members', // which providers
  frenet: 'admin', // apiKey per account
  kangu: 'admin', // token per account
  payment: 'members', // which provider per method
  checkout: 'members',
  pagaleve: 'admin', // username and password
  mercadopago: 'admin', // access token, client secret
  belluno: 'admin', // token (and the fraud check's public token)
  asaas: 'admin', // apiKey per account
  'payment-custom': 'members', // title, description, instalments
  customerio: 'admin', // workspaceTrackKey: the workspace's tracking key sends events as the store
  googleanalytics: 'members', // property ids, public in the storefront's pages
  googleads: 'admin', // apiKey per account
  consoleauthgoogle: 'admin', // Google OAuth tokens
  metaads: 'admin', // conversion and media access tokens
  waba: 'admin', // WhatsApp Cloud API token
  sendgrid: 'members', // sender addresses and template ids (the API key is a Secret Manager secret)
  hotjar: 'members', // site id, public in the storefront's pages
  amazon: 'admin', // seller and app credentials
  tramontina: 'admin', // TStock and web service user and password
  bunny: 'admin', // API key and stream auth key
  expo: 'admin', // notification access token
  readiness: 'members', // the readiness rules' numbers per channel (shared/src/readiness), no credential
} as const satisfies Record<string, 'admin' | 'members'>;

export type ConfigDocumentId = keyof typeof CONFIG_DOCUMENT_ACCESS;

/** Config documents that hold credentials or access tokens: admins only (sorted). */
export const ADMIN_ONLY_CONFIG_DOCS: readonly ConfigDocumentId[] = (Object.keys(CONFIG_DOCUMENT_ACCESS) as ConfigDocumentId[])
  .filter((id) => CONFIG_DOCUMENT_ACCESS[id] === 'admin')
  .sort();

export function isAdminOnlyConfig(docId: string): boolean {
  return (ADMIN_ONLY_CONFIG_DOCS as readonly string[]).includes(docId);
}

/** Whether the id is a config document of document 2 §3 (classified above). */
export function isKnownConfigDocument(docId: string): docId is ConfigDocumentId {
  return Object.hasOwn(CONFIG_DOCUMENT_ACCESS, docId);
}
