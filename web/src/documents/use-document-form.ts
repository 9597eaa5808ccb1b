import { useCallback, useEffect, useReducer, useRef } from 'react';
import { LOAD_SETTLE_MS } from './constants';
import { writeErrorMessage } from './document-writes';
import { formReducer, initialFormState, nextSaveAt, nextSaveRequest, type FormState, type SaveRequest } from './form-state';
import type { DocumentData } from './remote-merge';
import type { DocumentSnapshotState } from './use-document-snapshot';

/** Timers may fire a little early by the clock: wait this much past the time asked for. */
const TIMER_SLACK_MS = 10;

interface DocumentFormOptions {
  snapshot: DocumentSnapshotState;
  /** Existing documents save by themselves; new ones wait for the Save button. */
  autosave: boolean;
  /** The Portuguese message of the first problem in what the request writes, or null. */
  validate(request: SaveRequest): string | null;
  /**
   * Answers the keys found changed elsewhere since the request's base (not written), if any, and
   * the keys the server held instead of writing (shown as stored again).
   */
  write(request: SaveRequest): Promise<{ conflicts: Record<string, unknown>; held?: readonly string[] } | void>;
}

export interface DocumentForm {
  state: FormState;
  edit(key: string, value: unknown): void;
  /** Saves now; `everything` writes all values even when none was edited (a first save). */
  save(everything?: boolean): Promise<void>;
  resolveConflict(key: string, keep: 'remote' | 'mine'): void;
  /** Starts over from this data (after 'Criar registro'). */
  reset(data: DocumentData): void;
}

function useTimer(at: number | null, run: () => void) {
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    if (at === null || !Number.isFinite(at)) return undefined;
    const timer = setTimeout(() => runRef.current(), Math.max(0, at - Date.now()) + TIMER_SLACK_MS);
    return () => clearTimeout(timer);
  }, [at]);
}

/**
 * The form of one document: the state (form-state.ts) fed by the realtime snapshot, and the
 * timers of the autosave delay, the retry backoff, the post-save lock and the load settle.
 */
export function useDocumentForm({ snapshot, autosave, validate, write }: DocumentFormOptions): DocumentForm {
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const inFlight = useRef(false);
  const io = useRef({ validate, write, autosave });
  io.current = { validate, write, autosave };

  useEffect(() => {
    const loaded = stateRef.current.loaded;
    if (snapshot.status === 'exists') {
      if (!loaded) dispatch({ type: 'loaded', data: snapshot.data, settle: true });
      // Only what the server confirmed: an unconfirmed local write may still be refused.
      else if (!snapshot.pending) dispatch({ type: 'remote-changed', data: snapshot.data, at: Date.now() });
    } else if (snapshot.status === 'missing' && !loaded) {
      dispatch({ type: 'loaded', data: {}, settle: false });
    }
  }, [snapshot]);

  const save = useCallback(async (everything = false) => {
    const current = stateRef.current;
    if (inFlight.current || current.saving) return;
    const request = nextSaveRequest(current) ?? (everything ? { keys: [], values: current.values } : null);
    if (!request) return;
    const problem = io.current.validate(request);
    if (problem) {
      dispatch({ type: 'save-failed', message: problem, retry: false, at: Date.now() });
      return;
    }
    inFlight.current = true;
    dispatch({ type: 'save-started', request });
    try {
      const outcome = await io.current.write(request);
      dispatch({ type: 'save-succeeded', at: Date.now(), conflicts: outcome?.conflicts, held: outcome?.held });
    } catch (error) {
      console.error(error);
      dispatch({ type: 'save-failed', message: writeErrorMessage(error), retry: io.current.autosave, at: Date.now() });
    } finally {
      inFlight.current = false;
    }
  }, []);

  useTimer(autosave ? nextSaveAt(state) : null, () => void save());
  useTimer(state.deferred ? state.lockedUntil : null, () => dispatch({ type: 'lock-expired', at: Date.now() }));
  useEffect(() => {
    if (!state.settling) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'settled' }), LOAD_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [state.settling]);

  const edit = useCallback((key: string, value: unknown) => dispatch({ type: 'edited', key, value, at: Date.now() }), []);
  const resolveConflict = useCallback((key: string, keep: 'remote' | 'mine') => dispatch({ type: 'conflict-resolved', key, keep, at: Date.now() }), []);
  const reset = useCallback((data: DocumentData) => dispatch({ type: 'loaded', data, settle: false }), []);

  return { state, edit, save, resolveConflict, reset };
}
