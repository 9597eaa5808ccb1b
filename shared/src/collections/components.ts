/**
 * Custom widgets named by `component` fields; the web app registers one per name (until it does,
 * the value is shown read-only). Their stored value is not validated by the shared schema.
 */
export const FIELD_COMPONENTS = {
  /** Any JSON value kept as stored (objects from provider APIs), edited through the JSON editor. */
  json: 'json',
  /** Connect link to /api/console/auth/google and the state of the stored OAuth tokens. */
  googleConsoleConnect: 'google-console-connect',
  /** Each Bling account's connection ('Conectar Bling'), its token's expiry and last renewal; stores nothing itself. */
  blingConnections: 'bling-connections',
} as const;
