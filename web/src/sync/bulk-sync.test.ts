import { describe, expect, it } from 'vitest';
import { bulkSyncReducer, clampConcurrency, createBulkSync, initialBulkSyncState, parseCodes, type TaskRunner } from './bulk-sync';
import { bulkSyncStats, formatDuration, groupErrorsByCause } from './bulk-sync-stats';

/** A clock the test moves: sleeps and task calls resolve when virtual time reaches them. */
function virtualClock() {
  let now = 0;
  let order = 0;
  const timers: { at: number; order: number; resolve: () => void }[] = [];
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((resolve) => timers.push({ at: now + ms, order: order++, resolve })),
    /** Moves time forward timer by timer until nothing is waiting (or `until` is reached). */
    async run(until = Infinity) {
      for (;;) {
        await settle();
        timers.sort((a, b) => a.at - b.at || a.order - b.order);
        const next = timers[0];
        if (!next || next.at > until) {
          if (until !== Infinity) now = Math.max(now, until);
          return;
        }
        timers.shift();
        now = next.at;
        next.resolve();
      }
    },
  };
}

/** A task runner taking `ms` of virtual time per call, failing where `fails` says, and recording calls. */
function fakeRunner(
  clock: ReturnType<typeof virtualClock>,
  ms: number | ((code: string) => number),
  fails: (code: string, task: string, attempt: number) => string | null = () => null,
) {
  const calls: { code: string; task: string; at: number }[] = [];
  const attempts = new Map<string, number>();
  let running = 0;
  let maxRunning = 0;
  const runTask: TaskRunner = async (code, task) => {
    calls.push({ code, task, at: clock.now() });
    const attempt = (attempts.get(`${code}/${task}`) ?? 0) + 1;
    attempts.set(`${code}/${task}`, attempt);
    running++;
    maxRunning = Math.max(maxRunning, running);
    try {
      await clock.sleep(typeof ms === 'number' ? ms : ms(code));
      const failure = fails(code, task, attempt);
      if (failure) throw new Error(failure);
    } finally {
      running--;
    }
  };
  return { runTask, calls, maxRunning: () => maxRunning };
}

const codes = (n: number) => Array.from({ length: n }, (_, i) => String(10_000_000 + i));

describe('parseCodes', () => {
  it('takes one code per line, trimmed, ignoring blank lines and repeats', () => {
    expect(parseCodes('  10618562 \n\n\t\n20100001\r\n10618562\n   ')).toEqual(['10618562', '20100001']);
    expect(parseCodes('')).toEqual([]);
  });
});

describe('clampConcurrency', () => {
  it('keeps the number of simultaneous processes between 1 and 10', () => {
    expect([0, 1, 5, 10, 11, Number.NaN, 3.7].map(clampConcurrency)).toEqual([1, 1, 5, 10, 10, 1, 3]);
  });
});

describe('a bulk run', () => {
  it('runs each code through the chosen tasks one after another, N codes at a time, 400 ms after each code', async () => {
    const clock = virtualClock();
    const runner = fakeRunner(clock, 100);
    const sync = createBulkSync({ runTask: runner.runTask, sleep: clock.sleep, now: clock.now });
    sync.start({ codes: codes(6), tasks: ['a', 'b'], concurrency: 2 });
    expect(sync.getState().running).toBe(true);
    await clock.run();
    await sync.whenIdle();

    // Per code: a at t, b at t+100; then 400 ms of pause: 3 rounds of 600 ms for 6 codes on 2 workers.
    expect(runner.maxRunning()).toBe(2);
    expect(runner.calls.filter((c) => c.code === '10000000').map((c) => [c.task, c.at])).toEqual([
      ['a', 0],
      ['b', 100],
    ]);
    expect(runner.calls.filter((c) => c.task === 'a').map((c) => c.at)).toEqual([0, 0, 600, 600, 1200, 1200]);
    expect(runner.calls.filter((c) => c.task === 'a').map((c) => c.code)).toEqual(codes(6));
    expect(clock.now()).toBe(1800);
    const state = sync.getState();
    expect(state.running).toBe(false);
    expect(Object.values(state.progress).every((p) => p.started && p.finished && !p.fetching)).toBe(true);
    expect(bulkSyncStats(state, clock.now())).toMatchObject({ total: 6, done: 6, errors: 0, remaining: 0, secondsLeft: 0 });
  });

  it('marks a failed task with its message and goes on with the next task and the next code', async () => {
    const clock = virtualClock();
    const runner = fakeRunner(clock, 50, (code, task) => (code === '10000001' && task === 'a' ? 'HTTP error! status: 503' : null));
    const sync = createBulkSync({ runTask: runner.runTask, sleep: clock.sleep, now: clock.now });
    sync.start({ codes: codes(3), tasks: ['a', 'b'], concurrency: 1 });
    await clock.run();

    const failed = sync.getState().progress['10000001']!;
    expect(failed.tasks).toEqual({ a: { status: 'failed', error: 'HTTP error! status: 503' }, b: { status: 'done' } });
    expect(failed.finished).toBe(true);
    expect(runner.calls.map((c) => `${c.code}:${c.task}`)).toEqual(['10000000:a', '10000000:b', '10000001:a', '10000001:b', '10000002:a', '10000002:b']);
    expect(bulkSyncStats(sync.getState(), clock.now())).toMatchObject({ done: 3, errors: 1, remaining: 0 });
  });

  it('shows the code fetching and each task running while it runs', async () => {
    const clock = virtualClock();
    const runner = fakeRunner(clock, 100);
    const sync = createBulkSync({ runTask: runner.runTask, sleep: clock.sleep, now: clock.now });
    sync.start({ codes: ['1'], tasks: ['a', 'b'], concurrency: 1 });
    await clock.run(150);
    expect(sync.getState().progress['1']).toMatchObject({ started: true, fetching: true, tasks: { a: { status: 'done' }, b: { status: 'running' } } });
    await clock.run();
  });
});

describe('pause and resume', () => {
  it('stops taking new codes when paused, lets the running ones finish, and skips codes started without error on resume', async () => {
    const clock = virtualClock();
    const runner = fakeRunner(clock, 100, (code, _task, attempt) => (code === '10000001' && attempt === 1 ? 'Bling: erro no servidor' : null));
    const sync = createBulkSync({ runTask: runner.runTask, sleep: clock.sleep, now: clock.now });
    const list = codes(8);
    sync.start({ codes: list, tasks: ['a'], concurrency: 2 });
    await clock.run(50);
    sync.pause();
    expect(sync.getState().running).toBe(false);
    await clock.run();
    await sync.whenIdle();
    // The two codes already taken finished; nothing else started.
    expect(runner.calls.map((c) => c.code)).toEqual(['10000000', '10000001']);
    expect(sync.getState().progress['10000000']).toMatchObject({ started: true, finished: true });
    expect(bulkSyncStats(sync.getState(), clock.now())).toMatchObject({ done: 2, errors: 1, remaining: 6 });

    sync.start({ codes: list, tasks: ['a'], concurrency: 2 });
    await clock.run();
    // 10000000 finished without error: skipped. 10000001 had an error: run again, now fine.
    expect(runner.calls.map((c) => c.code)).toEqual(['10000000', '10000001', '10000001', ...list.slice(2)]);
    expect(bulkSyncStats(sync.getState(), clock.now())).toMatchObject({ done: 8, errors: 0, remaining: 0 });
  });

  it('does not run a code twice when started again while a paused run is still finishing it', async () => {
    const clock = virtualClock();
    const runner = fakeRunner(clock, 300);
    const sync = createBulkSync({ runTask: runner.runTask, sleep: clock.sleep, now: clock.now });
    sync.start({ codes: codes(3), tasks: ['a'], concurrency: 1 });
    await clock.run(100);
    sync.pause();
    sync.start({ codes: codes(3), tasks: ['a'], concurrency: 1 });
    await clock.run();
    expect(runner.calls.map((c) => c.code)).toEqual(codes(3));
  });
});

describe('a new start that is not a resume', () => {
  it('runs every code again once the previous run had finished', async () => {
    const clock = virtualClock();
    const runner = fakeRunner(clock, 10);
    const sync = createBulkSync({ runTask: runner.runTask, sleep: clock.sleep, now: clock.now });
    sync.start({ codes: codes(3), tasks: ['a'], concurrency: 1 });
    await clock.run();
    sync.start({ codes: codes(3), tasks: ['a'], concurrency: 1 });
    await clock.run();
    expect(runner.calls.map((c) => c.code)).toEqual([...codes(3), ...codes(3)]);
  });

  it('runs the started codes again when the tasks changed since the pause', async () => {
    const clock = virtualClock();
    const runner = fakeRunner(clock, 100);
    const sync = createBulkSync({ runTask: runner.runTask, sleep: clock.sleep, now: clock.now });
    sync.start({ codes: codes(4), tasks: ['a'], concurrency: 1 });
    await clock.run(550);
    sync.pause();
    await clock.run();
    expect(runner.calls.map((c) => `${c.code}:${c.task}`)).toEqual(['10000000:a', '10000001:a']);
    sync.start({ codes: codes(4), tasks: ['b'], concurrency: 1 });
    await clock.run();
    expect(runner.calls.slice(2).map((c) => `${c.code}:${c.task}`)).toEqual(codes(4).map((c) => `${c}:b`));
  });
});

describe('Retentar Erros', () => {
  it('answers null when no code has an error (the screen alerts)', async () => {
    const clock = virtualClock();
    const sync = createBulkSync({ runTask: fakeRunner(clock, 10).runTask, sleep: clock.sleep, now: clock.now });
    expect(sync.retryErrors({ tasks: ['a'], concurrency: 1 })).toBeNull();
    sync.start({ codes: codes(2), tasks: ['a'], concurrency: 1 });
    await clock.run();
    expect(sync.retryErrors({ tasks: ['a'], concurrency: 1 })).toBeNull();
    expect(sync.getState().running).toBe(false);
  });

  it('clears the errors, marks the codes retrying and runs the in-flight plus errored codes', async () => {
    const clock = virtualClock();
    const broken = new Set(['10000001', '10000003']);
    const runner = fakeRunner(clock, 100, (code, task, attempt) =>
      broken.has(code) && task === 'b' && attempt === 1 ? `Franke: produto ${code} não encontrado` : null,
    );
    const sync = createBulkSync({ runTask: runner.runTask, sleep: clock.sleep, now: clock.now });
    sync.start({ codes: codes(5), tasks: ['a', 'b'], concurrency: 1 });
    await clock.run();
    expect(groupErrorsByCause(sync.getState(), (id) => id.toUpperCase())).toEqual([
      { cause: 'B: Franke: produto {código} não encontrado', task: 'b', codes: ['10000001', '10000003'] },
    ]);
    const before = runner.calls.length;

    const retried = sync.retryErrors({ tasks: ['a', 'b'], concurrency: 1 });
    expect(retried).toEqual(['10000001', '10000003']);
    // Marked and cleared at once; the first is already taken by the new run.
    expect(sync.getState().progress['10000003']).toMatchObject({ retrying: true, tasks: { a: { status: 'done' } } });
    expect(sync.getState().codes).toEqual(['10000001', '10000003']);
    await clock.run();
    expect(runner.calls.slice(before).map((c) => `${c.code}:${c.task}`)).toEqual(['10000001:a', '10000001:b', '10000003:a', '10000003:b']);
    expect(bulkSyncStats(sync.getState(), clock.now())).toMatchObject({ total: 2, done: 2, errors: 0 });
    expect(sync.getState().progress['10000003']!.retrying).toBe(false);
  });

  it('sets the list to the codes still running plus the errored ones, and runs only the errored again', async () => {
    const clock = virtualClock();
    const runner = fakeRunner(
      clock,
      (code) => (code === 'B' ? 1000 : 10),
      (code, _task, attempt) => (code === 'A' && attempt === 1 ? 'HTTP error! status: 502' : null),
    );
    const sync = createBulkSync({ runTask: runner.runTask, sleep: clock.sleep, now: clock.now });
    sync.start({ codes: ['A', 'B', 'C'], tasks: ['a'], concurrency: 2 });
    await clock.run(50);
    sync.pause();
    await clock.run(100);
    expect(sync.retryErrors({ tasks: ['a'], concurrency: 2 })).toEqual(['B', 'A']);
    await clock.run();
    expect(runner.calls.map((c) => c.code)).toEqual(['A', 'B', 'A']);
    expect(bulkSyncStats(sync.getState(), clock.now())).toMatchObject({ total: 2, done: 2, errors: 0 });
  });
});

describe('bulkSyncReducer', () => {
  it("replaces a code's previous results when it is taken again", () => {
    let state = bulkSyncReducer(initialBulkSyncState, { type: 'start', codes: ['1'], tasks: ['a'], concurrency: 1, at: 0 });
    state = bulkSyncReducer(state, { type: 'codeStarted', code: '1' });
    state = bulkSyncReducer(state, { type: 'taskFailed', code: '1', task: 'a', error: 'HTTP error! status: 500' });
    state = bulkSyncReducer(state, { type: 'codeDone', code: '1' });
    state = bulkSyncReducer(state, { type: 'codeStarted', code: '1' });
    expect(state.progress['1']).toEqual({ started: true, fetching: true, finished: false, retrying: false, tasks: {} });
  });

  it('ignores the end of a run that is no longer the current one', () => {
    let state = bulkSyncReducer(initialBulkSyncState, { type: 'start', codes: ['1'], tasks: ['a'], concurrency: 1, at: 0 });
    state = bulkSyncReducer(state, { type: 'start', codes: ['1'], tasks: ['a'], concurrency: 1, at: 10 });
    expect(bulkSyncReducer(state, { type: 'runFinished', run: 1, at: 20 }).running).toBe(true);
    expect(bulkSyncReducer(state, { type: 'runFinished', run: 2, at: 20 }).running).toBe(false);
  });
});

describe('bulkSyncStats', () => {
  it('gives the rate of the current run and the time left at that rate', async () => {
    const clock = virtualClock();
    const runner = fakeRunner(clock, 100);
    const sync = createBulkSync({ runTask: runner.runTask, sleep: clock.sleep, now: clock.now });
    sync.start({ codes: codes(10), tasks: ['a'], concurrency: 1 });
    // 500 ms per code (100 + 400): at 1000 ms two codes are done.
    await clock.run(1000);
    const stats = bulkSyncStats(sync.getState(), clock.now());
    expect(stats).toMatchObject({ total: 10, done: 2, remaining: 8, inFlight: 1, errors: 0 });
    expect(stats.ratePerSecond).toBeCloseTo(2);
    expect(stats.secondsLeft).toBeCloseTo(4);
    sync.pause();
    await clock.run();
  });

  it('has no rate before a code finished', () => {
    const state = bulkSyncReducer(initialBulkSyncState, { type: 'start', codes: ['1'], tasks: ['a'], concurrency: 1, at: 0 });
    expect(bulkSyncStats(state, 5000)).toMatchObject({ ratePerSecond: null, secondsLeft: null, remaining: 1 });
  });
});

describe('formatDuration', () => {
  it('reads as seconds, minutes or hours', () => {
    expect([0, 42.4, 185, 3720].map(formatDuration)).toEqual(['0 s', '42 s', '3 min 05 s', '1 h 02 min']);
  });
});
