/**
 * The bulk product sync engine (document 1 §4 'Bulk sync', §5, §9), framework-free: the state is
 * a reducer over a union of actions; a scheduler runs N workers that take the codes in order,
 * run each code through the chosen tasks one after another, and wait 400 ms after each code.
 * The task runner, the clock and the sleep are inputs, so the screen passes the API and the tests
 * pass functions of their own.
 */

export type TaskStatus = 'running' | 'done' | 'failed';

export interface TaskProgress {
  status: TaskStatus;
  /** The failure's message ('HTTP error! status: N' or the server's error). */
  error?: string;
}

export interface CodeProgress {
  /** Taken by a worker at least once (the grid's green check). */
  started: boolean;
  /** Its tasks are running now (the grid's spinner). */
  fetching: boolean;
  /** Its tasks all ran (with or without failures) since it was last taken. */
  finished: boolean;
  /** Queued again by 'Retentar Erros': taken even though it started before. */
  retrying: boolean;
  /** By task id, the tasks of its latest pass. */
  tasks: Record<string, TaskProgress>;
}

export interface BulkSyncState {
  running: boolean;
  /** Increases on every start: the workers of an older run stop taking codes. */
  run: number;
  /** The codes of the current list, in order. */
  codes: string[];
  /** The chosen task ids of the current run, in catalogue order. */
  tasks: string[];
  concurrency: number;
  /** The last run was paused before it finished: the next start with the same tasks resumes it. */
  interrupted: boolean;
  /** Every code seen since the screen opened: a code started without error is skipped when the list is run again. */
  progress: Record<string, CodeProgress>;
  /** When the current run started and stopped (paused or finished), for the rate. */
  startedAt: number | null;
  stoppedAt: number | null;
  /** Codes finished since the current run started. */
  finishedInRun: number;
}

export type BulkSyncAction =
  /** `retry`: the run of 'Retentar Erros', always a resume. */
  | { type: 'start'; codes: string[]; tasks: string[]; concurrency: number; at: number; retry?: boolean }
  | { type: 'pause'; at: number }
  | { type: 'runFinished'; run: number; at: number }
  | { type: 'codeStarted'; code: string }
  | { type: 'taskStarted'; code: string; task: string }
  | { type: 'taskDone'; code: string; task: string }
  | { type: 'taskFailed'; code: string; task: string; error: string }
  | { type: 'codeDone'; code: string }
  | { type: 'retryErrors'; codes: string[] };

export const CODE_DELAY_MS = 400;
export const MIN_CONCURRENCY = 1;
export const MAX_CONCURRENCY = 10;

export const initialBulkSyncState: BulkSyncState = {
  running: false,
  run: 0,
  codes: [],
  tasks: [],
  concurrency: MIN_CONCURRENCY,
  interrupted: false,
  progress: {},
  startedAt: null,
  stoppedAt: null,
  finishedInRun: 0,
};

const NEW_CODE: CodeProgress = { started: false, fetching: false, finished: false, retrying: false, tasks: {} };

/** The codes of the text area: one per line, trimmed, blank lines ignored, each once. */
export function parseCodes(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

export function clampConcurrency(value: number): number {
  if (!Number.isFinite(value)) return MIN_CONCURRENCY;
  return Math.min(MAX_CONCURRENCY, Math.max(MIN_CONCURRENCY, Math.trunc(value)));
}

export function hasError(code: CodeProgress | undefined): boolean {
  return !!code && Object.values(code.tasks).some((task) => task.status === 'failed');
}

/** A code a run takes: never started, started with an error, or queued again by a retry (a fresh start resets the list first). */
export function shouldTake(code: CodeProgress | undefined): boolean {
  return !code || !code.started || code.retrying || hasError(code);
}

function updateCode(state: BulkSyncState, code: string, change: (current: CodeProgress) => CodeProgress): BulkSyncState {
  return { ...state, progress: { ...state.progress, [code]: change(state.progress[code] ?? NEW_CODE) } };
}

function setTask(state: BulkSyncState, code: string, task: string, progress: TaskProgress): BulkSyncState {
  return updateCode(state, code, (current) => ({ ...current, tasks: { ...current.tasks, [task]: progress } }));
}

export function bulkSyncReducer(state: BulkSyncState, action: BulkSyncAction): BulkSyncState {
  switch (action.type) {
    case 'start': {
      // 'Iniciar' after 'Pausar' with the same tasks resumes: codes started without error are
      // skipped. After a finished run, or with other tasks, the list runs afresh (a code still
      // running from the paused run is left to finish, never taken twice).
      const resume = action.retry === true || (state.interrupted && sameTasks(state.tasks, action.tasks));
      const progress = { ...state.progress };
      for (const code of action.codes) {
        if (!progress[code] || (!resume && !progress[code].fetching)) progress[code] = NEW_CODE;
      }
      return {
        ...state,
        running: true,
        run: state.run + 1,
        codes: action.codes,
        tasks: action.tasks,
        concurrency: clampConcurrency(action.concurrency),
        interrupted: false,
        progress,
        startedAt: action.at,
        stoppedAt: null,
        finishedInRun: 0,
      };
    }
    case 'pause':
      return state.running ? { ...state, running: false, interrupted: true, stoppedAt: action.at } : state;
    case 'runFinished':
      return state.running && action.run === state.run ? { ...state, running: false, stoppedAt: action.at } : state;
    case 'codeStarted':
      // A new pass: the previous pass's results (and errors) of this code are replaced.
      return updateCode(state, action.code, () => ({ started: true, fetching: true, finished: false, retrying: false, tasks: {} }));
    case 'taskStarted':
      return setTask(state, action.code, action.task, { status: 'running' });
    case 'taskDone':
      return setTask(state, action.code, action.task, { status: 'done' });
    case 'taskFailed':
      return setTask(state, action.code, action.task, { status: 'failed', error: action.error });
    case 'codeDone':
      return {
        ...updateCode(state, action.code, (current) => ({ ...current, fetching: false, finished: true })),
        finishedInRun: state.finishedInRun + 1,
      };
    case 'retryErrors': {
      let next = state;
      for (const code of action.codes) {
        next = updateCode(next, code, (current) => ({
          ...current,
          retrying: true,
          finished: false,
          tasks: Object.fromEntries(Object.entries(current.tasks).filter(([, task]) => task.status !== 'failed')),
        }));
      }
      return next;
    }
  }
}

const sameTasks = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((task, i) => task === b[i]);

/** Codes whose latest pass has a failed task, in list order (then any others seen). */
export function erroredCodes(state: BulkSyncState): string[] {
  const listed = state.codes.filter((code) => hasError(state.progress[code]));
  const inList = new Set(state.codes);
  const others = Object.keys(state.progress).filter((code) => !inList.has(code) && hasError(state.progress[code]));
  return [...listed, ...others];
}

/** Codes whose tasks are running now. */
export function inFlightCodes(state: BulkSyncState): string[] {
  return Object.keys(state.progress).filter((code) => state.progress[code]!.fetching);
}

/** Runs one task of one code; a rejection fails that task with the error's message. */
export type TaskRunner = (code: string, task: string) => Promise<void>;

export interface BulkSyncDeps {
  runTask: TaskRunner;
  /** Defaults to setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Defaults to Date.now. */
  now?: () => number;
  /** The wait after each code (document 1 §9: 400 ms). */
  codeDelayMs?: number;
}

export interface StartOptions {
  codes: string[];
  tasks: string[];
  concurrency: number;
}

export interface BulkSyncController {
  getState(): BulkSyncState;
  subscribe(listener: () => void): () => void;
  start(options: StartOptions): void;
  pause(): void;
  /**
   * 'Retentar Erros': the errored codes' errors cleared and the codes marked retrying, then a run
   * of the in-flight plus the errored codes (returned, for the text area); null when no code has
   * an error.
   */
  retryErrors(options: Omit<StartOptions, 'codes'>): string[] | null;
  /** Resolves once no worker of any run is left (tests and the benchmark). */
  whenIdle(): Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'Erro desconhecido';

export function createBulkSync({
  runTask,
  sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
  now = Date.now,
  codeDelayMs = CODE_DELAY_MS,
}: BulkSyncDeps): BulkSyncController {
  let state = initialBulkSyncState;
  const listeners = new Set<() => void>();
  /** The runs whose workers are still going: a paused run's workers finish their current code. */
  const pendingRuns = new Set<Promise<void>>();

  function dispatch(action: BulkSyncAction) {
    state = bulkSyncReducer(state, action);
    for (const listener of listeners) listener();
  }

  async function runCode(code: string, tasks: string[]) {
    dispatch({ type: 'codeStarted', code });
    for (const task of tasks) {
      dispatch({ type: 'taskStarted', code, task });
      try {
        await runTask(code, task);
        dispatch({ type: 'taskDone', code, task });
      } catch (error) {
        // The failure is shown on the code and the next task runs (document 1 §8).
        dispatch({ type: 'taskFailed', code, task, error: messageOf(error) });
      }
    }
    dispatch({ type: 'codeDone', code });
  }

  async function worker(run: number, queue: string[], tasks: string[]) {
    // Paused (or a newer run started): no new code is taken; the current one has finished.
    while (state.running && state.run === run) {
      const code = queue.shift();
      if (code === undefined) return;
      if (!shouldTake(state.progress[code])) continue;
      await runCode(code, tasks);
      await sleep(codeDelayMs);
    }
  }

  function start({ codes, tasks, concurrency }: StartOptions, retry = false) {
    dispatch({ type: 'start', codes, tasks, concurrency, at: now(), retry });
    const { run } = state;
    const queue = [...codes];
    const workers = Array.from({ length: state.concurrency }, () => worker(run, queue, tasks));
    const finished = Promise.all(workers).then(() => dispatch({ type: 'runFinished', run, at: now() }));
    pendingRuns.add(finished);
    void finished.finally(() => pendingRuns.delete(finished));
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: (options) => start(options),
    pause: () => dispatch({ type: 'pause', at: now() }),
    retryErrors(options) {
      const errored = erroredCodes(state);
      if (errored.length === 0) return null;
      const codes = [...new Set([...inFlightCodes(state), ...errored])];
      dispatch({ type: 'retryErrors', codes: errored });
      start({ ...options, codes }, true);
      return codes;
    },
    async whenIdle() {
      while (pendingRuns.size > 0) await Promise.all(pendingRuns);
    },
  };
}
