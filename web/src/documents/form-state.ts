/**
 * State of the document form: what it shows, what is edited, the autosave status (spec document 1
 * §4 'Document form autosave') and the realtime merge. A pure reducer over a union of actions;
 * the screen owns the timers and the writes and reports them here. Times are passed in (`at`,
 * ms) so the rules can be replayed in tests.
 */
import { AUTOSAVE_DELAY_MS, SAVE_LOCK_MS, SAVE_RETRY_MAX_MS, type SaveStatus } from './constants';
import { mergeRemote, resolveConflict, sameValue, type DocumentData, type MergeState } from './remote-merge';

/** What one save writes: the edited keys (minus conflicts) and the values they had when it started. */
export interface SaveRequest {
  keys: readonly string[];
  values: DocumentData;
  /**
   * The stored document the edits were made on (the form's `remote` when the save started) and
   * the values this form wrote before: the write checks each key against them, so a save built on
   * a stale copy (a listener that lags) becomes a conflict, never an overwrite.
   */
  base?: DocumentData;
  ours?: Readonly<Record<string, readonly unknown[]>>;
}

export interface FormState extends MergeState {
  loaded: boolean;
  /** Just loaded: changes are ignored (widgets settling their values, not the user). */
  settling: boolean;
  status: SaveStatus;
  saving: SaveRequest | null;
  /** When the last edit came: autosave waits AUTOSAVE_DELAY_MS after it. */
  lastEditAt: number;
  /** Snapshots are not applied before this time (a save is under way or just ended). */
  lockedUntil: number;
  /** The latest snapshot that came during the lock, applied when it ends. */
  deferred: DocumentData | null;
  /** Consecutive failed saves, for the retry backoff. */
  failures: number;
  /** When the failed save is tried again; null when it is not (a validation problem). */
  retryAt: number | null;
  /** Why the last save failed, in Portuguese. */
  error: string | null;
}

export type FormAction =
  /** First data of the form (or the data written back by 'Criar registro'); `settle` for loads from Firestore. */
  | { type: 'loaded'; data: DocumentData; settle: boolean }
  | { type: 'settled' }
  | { type: 'edited'; key: string; value: unknown; at: number }
  /** A snapshot confirmed by Firestore (with no pending local writes). */
  | { type: 'remote-changed'; data: DocumentData; at: number }
  | { type: 'lock-expired'; at: number }
  | { type: 'save-started'; request: SaveRequest }
  /**
   * `conflicts`: keys the write found changed by someone else since the base, with their stored value (not written).
   * `held`: keys the server held instead of writing (a price outside the store's guardrails): the form shows the stored value again.
   */
  | { type: 'save-succeeded'; at: number; conflicts?: Readonly<Record<string, unknown>>; held?: readonly string[] }
  /** `retry`: try again later with backoff (a refused write); not for values that do not validate. */
  | { type: 'save-failed'; message: string; retry: boolean; at: number }
  | { type: 'conflict-resolved'; key: string; keep: 'remote' | 'mine'; at: number };

export const initialFormState: FormState = {
  loaded: false,
  settling: false,
  remote: {},
  values: {},
  edited: [],
  written: {},
  conflicts: {},
  status: 'saved',
  saving: null,
  lastEditAt: 0,
  lockedUntil: 0,
  deferred: null,
  failures: 0,
  retryAt: null,
  error: null,
};

/** 2 s, 4 s, 8 s… after the first, second, third failure, at most SAVE_RETRY_MAX_MS. */
export function retryDelay(failures: number): number {
  return Math.min(AUTOSAVE_DELAY_MS * 2 ** Math.max(0, failures - 1), SAVE_RETRY_MAX_MS);
}

/** The status once nothing is under way: saved when no edit is left. */
function restingStatus(state: FormState): SaveStatus {
  if (state.saving) return 'saving';
  if (state.edited.length === 0) return 'saved';
  return state.error ? 'failed' : 'pending';
}

function applySnapshot(state: FormState, data: DocumentData): FormState {
  const merged = mergeRemote(state, data);
  return { ...merged, deferred: null };
}

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'loaded':
      return { ...initialFormState, loaded: true, settling: action.settle, remote: action.data, values: action.data };

    case 'settled':
      return state.settling ? { ...state, settling: false } : state;

    case 'edited': {
      if (!state.loaded || state.settling) return state;
      const values = { ...state.values, [action.key]: action.value };
      const edited = state.edited.includes(action.key) ? state.edited : [...state.edited, action.key];
      return {
        ...state,
        values,
        edited,
        lastEditAt: action.at,
        status: state.saving ? 'saving' : 'pending',
        error: null,
        retryAt: null,
        failures: 0,
      };
    }

    case 'remote-changed':
      if (!state.loaded) return state;
      if (action.at < state.lockedUntil) return { ...state, deferred: action.data };
      return applySnapshot(state, action.data);

    case 'lock-expired':
      if (!state.deferred || action.at < state.lockedUntil) return state;
      return applySnapshot(state, state.deferred);

    case 'save-started': {
      const written = { ...state.written };
      for (const key of action.request.keys) written[key] = [...(written[key] ?? []), action.request.values[key]];
      return {
        ...state,
        saving: action.request,
        written,
        status: 'saving',
        lockedUntil: Number.POSITIVE_INFINITY,
        retryAt: null,
      };
    }

    case 'save-succeeded': {
      const saved = state.saving;
      if (!saved) return state;
      const refused = action.conflicts ?? {};
      // Keys edited again while the write was under way stay pending; refused keys stay edited, as conflicts.
      const edited = state.edited.filter((key) => !(key in refused) && !(saved.keys.includes(key) && sameValue(state.values[key], saved.values[key])));
      const conflicts = { ...state.conflicts };
      const written = { ...state.written };
      for (const [key, remote] of Object.entries(refused)) {
        conflicts[key] = { remote };
        const left = (written[key] ?? []).slice(0, -1);
        if (left.length) written[key] = left;
        else delete written[key];
      }
      let values = state.values;
      for (const key of action.held ?? []) {
        const left = (written[key] ?? []).slice(0, -1);
        if (left.length) written[key] = left;
        else delete written[key];
        // Edited again meanwhile: that newer value is the operator's and stays pending.
        if (!edited.includes(key)) values = { ...values, [key]: state.remote[key] };
      }
      const keptEdited = [...edited, ...Object.keys(refused).filter((key) => state.edited.includes(key))];
      const next = { ...state, values, edited: keptEdited, conflicts, written, saving: null, failures: 0, error: null, lockedUntil: action.at + SAVE_LOCK_MS };
      return { ...next, status: restingStatus(next) };
    }

    case 'save-failed': {
      const failed = state.saving;
      const written = { ...state.written };
      // The values never landed: a snapshot holding them again would be someone else's.
      for (const key of failed?.keys ?? []) {
        const left = (written[key] ?? []).slice(0, -1);
        if (left.length) written[key] = left;
        else delete written[key];
      }
      const failures = state.failures + 1;
      const next: FormState = {
        ...state,
        written,
        saving: null,
        status: 'failed',
        failures,
        error: action.message,
        retryAt: action.retry ? action.at + retryDelay(failures) : null,
        lockedUntil: action.at,
      };
      return next.deferred ? applySnapshot(next, next.deferred) : next;
    }

    case 'conflict-resolved': {
      const resolved = resolveConflict(state, action.key, action.keep);
      if (resolved === state) return state;
      // Keeping mine is a new decision to save: the autosave delay starts again.
      const next = action.keep === 'mine' ? { ...resolved, lastEditAt: action.at, error: null } : resolved;
      return { ...next, status: restingStatus(next) };
    }
  }
}

/** What autosave should write now, or null: nothing edited, a save under way, or only conflicts. */
export function nextSaveRequest(state: FormState): SaveRequest | null {
  if (state.saving) return null;
  const keys = state.edited.filter((key) => !state.conflicts[key]);
  return keys.length > 0 ? { keys, values: state.values, base: state.remote, ours: state.written } : null;
}

/** When autosave should run next (ms timestamp), or null: after the delay, or at the retry time. */
export function nextSaveAt(state: FormState): number | null {
  if (!state.loaded || state.saving || !nextSaveRequest(state)) return null;
  if (state.status === 'pending') return state.lastEditAt + AUTOSAVE_DELAY_MS;
  if (state.status === 'failed') return state.retryAt;
  return null;
}

/** Unsaved work that leaving the page would lose. */
export function hasUnsavedChanges(state: FormState): boolean {
  return state.edited.length > 0 || state.saving !== null;
}
