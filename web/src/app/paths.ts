/** Route paths, in one place for links and navigations. */
export const SIGN_IN_PATH = '/signin';
export const CONSOLE_PATH = '/console';
/** docId that opens the creation form (spec: "The special docId add means creating a new record"). */
export const ADD_DOC_ID = 'add';

export function collectionPath(collectionId: string): string {
  return `${CONSOLE_PATH}/${encodeURIComponent(collectionId)}`;
}

export function documentPath(collectionId: string, docId: string): string {
  return `${collectionPath(collectionId)}/${encodeURIComponent(docId)}`;
}

export function settingsPath(settingsId?: string): string {
  return settingsId ? `${CONSOLE_PATH}/config/${encodeURIComponent(settingsId)}` : `${CONSOLE_PATH}/config`;
}

/** Only same-app console paths are followed after sign-in (no open redirect). */
export function safeNextPath(next: string | null): string {
  return next && next.startsWith(`${CONSOLE_PATH}`) ? next : CONSOLE_PATH;
}
