import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase/firestore';
import { findCollection, type CollectionDefinition } from '@console/shared';
import { readCell, formatCell } from './cell-codec';
import { readHeader } from './columns';
import { exportColumns, exportFileName, recordsToCsv } from './csv-export';
import { checkAgainstSchema, mergeLikeFirestore, planImport, readCsvText, recordChanges } from './import-plan';
import {
  batchOutcomes,
  heldOutcomes,
  importReducer,
  initialImportState,
  notImportedLines,
  summarize,
  type ImportState,
  type RecordOutcome,
} from './import-state';
import { writeInBatches } from './import-run';

const product = findCollection('main', 'product') as CollectionDefinition;

describe('cells', () => {
  it('reads a checkbox as true only for the text true', () => {
    expect(readCell('checkbox', 'true', 'x')).toEqual({ ok: true, value: true });
    expect(readCell('checkbox', 'TRUE', 'x')).toEqual({ ok: true, value: false });
    expect(readCell('checkbox', 'sim', 'x')).toEqual({ ok: true, value: false });
  });

  it('refuses a number that does not parse, naming the column', () => {
    expect(readCell('number', '12.5', 'Price')).toEqual({ ok: true, value: 12.5 });
    expect(readCell('number', '12,5', 'Price')).toEqual({ ok: true, value: 12.5 });
    expect(readCell('number', 'doze', 'Price')).toEqual({ ok: false, message: 'Número inválido em Price: "doze"' });
  });

  it('reads date-times in the three accepted forms, local time', () => {
    const expected = new Date(2025, 4, 8, 19, 1, 47).getTime();
    for (const text of ['2025-05-08T19:01:47', '2025-05-08 19:01:47', '08/05/2025 19:01:47']) {
      const r = readCell('datetime', text, 'at');
      expect(r.ok && (r.value as Date).getTime()).toBe(expected);
    }
    expect(readCell('datetime', '2025-05-08', 'at').ok).toBe(false);
    expect(readCell('date', '31/02/2025', 'at').ok).toBe(false);
    const d = readCell('date', '08/05/2025', 'at');
    expect(d.ok && (d.value as Date).getTime()).toBe(new Date(2025, 4, 8).getTime());
  });

  it('writes timestamps in a form it reads back to the same second', () => {
    const at = Timestamp.fromDate(new Date(2025, 0, 2, 3, 4, 5));
    const text = formatCell('datetime', at);
    expect(text).toBe('2025-01-02T03:04:05');
    const back = readCell('datetime', text, 'at');
    expect(back.ok && (back.value as Date).getTime()).toBe(at.toMillis());
  });

  it('parses JSON for structs and arrays, timestamps revived to the microsecond', () => {
    const r = readCell('json', '[{"at":{"timestamp":"2023-11-14T22:13:20.123456Z"}}]', 'x');
    const at = r.ok ? (r.value as { at: Timestamp }[])[0]!.at : null;
    expect(at).toBeInstanceOf(Timestamp);
    expect([at!.seconds, at!.nanoseconds]).toEqual([1700000000, 123456000]);
    expect(formatCell('json', [{ at }])).toBe('[{"at":{"timestamp":"2023-11-14T22:13:20.123456Z"}}]');
    expect(readCell('json', '{oops', 'images')).toMatchObject({ ok: false, message: expect.stringMatching(/^JSON inválido em images: /) });
  });
});

describe('headers', () => {
  it('knows the definition paths with their types, and any path as json', () => {
    expect(readHeader('Options.canSell:checkbox', product.fields)).toMatchObject({ ok: true });
    expect(readHeader('ProductCode:text', product.fields)).toMatchObject({ ok: true });
    expect(readHeader('Salable:json', product.fields)).toMatchObject({ ok: true });
    expect(readHeader('Price:text', product.fields)).toEqual({ ok: false, header: 'Price:text' });
    expect(readHeader('Cor:text', product.fields)).toEqual({ ok: false, header: 'Cor:text' });
  });
});

describe('export then import', () => {
  const stored = {
    id: 'P1',
    data: {
      id: 'P1',
      ProductCode: 'M-1',
      Price: 10.5,
      PriceInstallments: null,
      Options: { canSell: true, canCrossDockingAfter: Timestamp.fromDate(new Date(2025, 4, 8, 10, 0, 0)), splitWallets: [{ walletId: 'w', percentage: 5 }] },
      Stock: { 'cd-sp': { qty: 3, ProductCodeErp: 'E' } },
      Salable: 'S',
      createdAt: Timestamp.fromDate(new Date('2025-04-19T22:01:47.000Z')),
    },
  };

  it('flattens structs by path, writes id first and extra keys as json', () => {
    const columns = exportColumns(product.fields, [stored]).map((c) => `${c.path.join('.')}:${c.type}`);
    expect(columns[0]).toBe('id:text');
    expect(columns).toContain('Options.canSell:checkbox');
    expect(columns).toContain('Options.splitWallets:array_struct');
    expect(columns).toContain('Salable:json');
    expect(columns).toContain('createdAt:json');
    expect(columns.filter((c) => c === 'id:text')).toHaveLength(1);
  });

  it('reads its own export back to the same stored document', () => {
    const csv = recordsToCsv(exportColumns(product.fields, [stored]), [stored]);
    const plan = planImport(product, readCsvText(csv));
    expect(plan.unknownColumns).toEqual([]);
    const [line] = checkAgainstSchema(product, plan.lines, new Map([['P1', stored.data]]));
    expect(line).toMatchObject({ status: 'ready', line: 2, id: 'P1' });
    const merged = mergeLikeFirestore(stored.data, line!.status === 'ready' ? line!.data : {});
    const asMillis = (v: unknown): unknown =>
      v instanceof Timestamp
        ? v.toMillis()
        : v instanceof Date
          ? v.getTime()
          : Array.isArray(v)
            ? v.map(asMillis)
            : v && typeof v === 'object'
              ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asMillis(x)]))
              : v;
    expect(asMillis(merged)).toEqual(asMillis(stored.data));
  });

  it('names the export file by collection and time', () => {
    expect(exportFileName('product', new Date(2025, 11, 31, 23, 5, 9))).toBe('product_2025-12-31_23-05-09.csv');
  });
});

describe('planning an import', () => {
  const csv = [
    'id:text,Price:number,Options.canCrossDockingAfter:datetime,images:array_field,Cor:text',
    'ok-1,10,,,',
    'has space,10,,,',
    'a/b$c,10,,,',
    'bad-num,dez,,,',
    'bad-date,,31/31/2025 10:00:00,,',
    'bad-json,,,{oops,',
    'unknown,,,,azul',
    '',
    'ok-2,,,,',
  ].join('\n');
  const plan = planImport(product, readCsvText(csv));

  it('lists invalid ids with their line and characters, and errors with their reasons', () => {
    expect(plan.unknownColumns).toEqual(['Cor:text']);
    expect(plan.lines.map((l) => [l.line, l.status])).toEqual([
      [2, 'ready'],
      [3, 'ignored'],
      [4, 'ignored'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
      [8, 'error'],
      [10, 'ready'],
    ]);
    expect(plan.lines[1]).toMatchObject({ id: 'has space', characters: ['␣'] });
    expect(plan.lines[2]).toMatchObject({ id: 'a/b$c', characters: ['/', '$'] });
    expect(plan.lines[6]).toMatchObject({ message: 'Coluna desconhecida: Cor:text' });
    expect(plan.lines[0]).toMatchObject({ data: { id: 'ok-1', Price: 10 } });
  });

  it('marks ids Firestore refuses (reserved, dots, too long) as errors before anything is sent', () => {
    const ids = planImport(product, readCsvText(`id:text,Price:number\n__x__,1\n..,1\n${'x'.repeat(1600)},1\nok,1`));
    expect(ids.lines.map((l) => [l.status, 'message' in l ? l.message : null])).toEqual([
      ['error', 'Id inválido: identificador não pode começar e terminar com "__" (reservado).'],
      ['error', 'Id inválido: identificador não pode ser "." nem "..".'],
      ['error', 'Id inválido: identificador longo demais (máximo de 1500 bytes).'],
      ['ready', null],
    ]);
  });

  it('reads Brazilian numbers with thousands and decimal marks (issue 17, point 3)', () => {
    const numbers = planImport(product, readCsvText('id:text,Price:number,PriceCompare:number\nA,"1.234,56","89,90"\nB,1234.56,"1,5"'));
    expect(numbers.lines.map((l) => l.status)).toEqual(['ready', 'ready']);
    expect(numbers.lines[0]).toMatchObject({ data: { Price: 1234.56, PriceCompare: 89.9 } });
    expect(numbers.lines[1]).toMatchObject({ data: { Price: 1234.56, PriceCompare: 1.5 } });
  });

  it("takes the field's type for a header without one, and refuses only names the collection does not have (point 4)", () => {
    const untyped = planImport(product, readCsvText('id,ProductSiteName,Price,Options.canSell,Cor\nA,Panela,"89,90",true,\nB,Frigideira,10,,azul'));
    expect(untyped.unknownColumns).toEqual(['Cor']);
    expect(untyped.columns.slice(0, 4).map((c) => c && `${c.path.join('.')}:${c.type}`)).toEqual([
      'id:text',
      'ProductSiteName:text',
      'Price:number',
      'Options.canSell:checkbox',
    ]);
    expect(untyped.lines[0]).toMatchObject({ status: 'ready', id: 'A', data: { ProductSiteName: 'Panela', Price: 89.9, Options: { canSell: true } } });
    expect(untyped.lines[1]).toMatchObject({ status: 'error', message: 'Coluna desconhecida: Cor' });
    expect(planImport(product, readCsvText('id,Price:text\nA,1')).unknownColumns).toEqual(['Price:text']);
  });

  it('checks the schema on the merged document', () => {
    const [first] = checkAgainstSchema(product, plan.lines, new Map([['ok-1', { Options: { canSell: 'sim' } }]]));
    expect(first).toMatchObject({ status: 'error', message: expect.stringMatching(/^Options\.canSell: /) });
  });
});

describe('the import state machine', () => {
  const plan = planImport(product, readCsvText('id:text,Price:number\nA,1\nB,2\nC,x\nD,4'));
  const file = { fileName: 'f.csv', plan, existingIds: new Set(['B']) };
  const run = (...actions: Parameters<typeof importReducer>[1][]) => actions.reduce<ImportState>(importReducer, initialImportState);

  it('refuses a non-CSV file and stays on choosing', () => {
    expect(run({ type: 'fileRejected', problem: 'Por favor, selecione um arquivo CSV' })).toEqual({
      step: 'choose',
      problem: 'Por favor, selecione um arquivo CSV',
    });
  });

  it('finishes with created, updated and errors counted', () => {
    const records = plan.lines.filter((l) => l.status === 'ready');
    const state = run(
      { type: 'fileChosen', fileName: 'f.csv' },
      { type: 'fileChecked', file },
      { type: 'started' },
      { type: 'batchWritten', records },
      { type: 'ended' },
    );
    expect(state.step).toBe('finished');
    expect(state.step === 'finished' && summarize(state.outcomes)).toEqual({ created: 2, updated: 1, errors: 1, ignored: 0 });
    expect(state.step === 'finished' && notImportedLines(state).map((l) => l.line)).toEqual([4]);
  });

  it('is interrupted when stopped before every record was written, listing the lines left', () => {
    const records = plan.lines.filter((l) => l.status === 'ready');
    const state = run(
      { type: 'fileChosen', fileName: 'f.csv' },
      { type: 'fileChecked', file },
      { type: 'started' },
      { type: 'batchWritten', records: records.slice(0, 1) },
      { type: 'stopRequested' },
      { type: 'ended' },
    );
    expect(state.step).toBe('interrupted');
    expect(state.step === 'interrupted' && notImportedLines(state).map((l) => l.line)).toEqual([3, 4, 5]);
  });
});

describe('pausing in the state machine', () => {
  const plan = planImport(product, readCsvText('id:text,Price:number\nA,1'));
  const file = { fileName: 'f.csv', plan, existingIds: new Set<string>() };
  const run = (...actions: Parameters<typeof importReducer>[1][]) => actions.reduce<ImportState>(importReducer, initialImportState);
  const prefix = [{ type: 'fileChosen', fileName: 'f.csv' }, { type: 'fileChecked', file }, { type: 'started' }] as const;

  it('holds the pause only once the writer says nothing is in flight, and forgets it on resume', () => {
    expect(run(...prefix, { type: 'pauseToggled' })).toMatchObject({ paused: true, pauseHeld: false });
    expect(run(...prefix, { type: 'pauseToggled' }, { type: 'pauseHeld' })).toMatchObject({ paused: true, pauseHeld: true });
    expect(run(...prefix, { type: 'pauseToggled' }, { type: 'pauseHeld' }, { type: 'pauseToggled' })).toMatchObject({ paused: false, pauseHeld: false });
    // A late word from the writer after resuming changes nothing.
    expect(run(...prefix, { type: 'pauseToggled' }, { type: 'pauseToggled' }, { type: 'pauseHeld' })).toMatchObject({ paused: false, pauseHeld: false });
  });
});

describe('writing in batches', () => {
  const records = Array.from({ length: 10 }, (_, i) => ({ status: 'ready' as const, line: i + 2, cells: [], id: `r${i}`, data: {} }));
  const names = (b: readonly { id: string }[]) => b.map((r) => r.id).join('+');
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  /** Commits that finish when the test says so, counting how many are in flight. */
  function heldCommits() {
    const pending = new Map<string, { resolve(): void; reject(error: Error): void }>();
    const started: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const writer = {
      commit(batch: readonly { id: string }[]) {
        const name = names(batch);
        started.push(name);
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        return new Promise<void>((resolve, reject) => {
          pending.set(name, {
            resolve: () => {
              inFlight--;
              pending.delete(name);
              resolve();
            },
            reject: (error) => {
              inFlight--;
              pending.delete(name);
              reject(error);
            },
          });
        });
      },
    };
    return { writer, started, pending, maxInFlight: () => maxInFlight };
  }

  it('stops between batches and reports a failed batch as errors', async () => {
    const seen: string[] = [];
    let stopped = false;
    const ended = await writeInBatches(
      records,
      {
        commit: async (b) => {
          if (b[0]!.id === 'r3') throw new Error('negado');
        },
      },
      { isPaused: () => false, isStopped: () => stopped },
      (b, error) => {
        seen.push(`${names(b)}${error ? `!${error}` : ''}`);
        if (seen.length === 2) stopped = true;
      },
      { batchSize: 3, concurrency: 1 },
    );
    expect(ended).toBe('interrupted');
    expect(seen).toEqual(['r0+r1+r2', 'r3+r4+r5!negado']);
  });

  it('keeps up to the given number of commits in flight and reports them in file order', async () => {
    const held = heldCommits();
    const seen: string[] = [];
    const run = writeInBatches(
      records,
      held.writer,
      { isPaused: () => false, isStopped: () => false },
      (b, error) => seen.push(`${names(b)}${error !== undefined ? `!${error}` : ''}`),
      { batchSize: 2, concurrency: 3 },
    );
    await tick();
    expect(held.started).toEqual(['r0+r1', 'r2+r3', 'r4+r5']);
    // The third and second finish first (the second failing): nothing is reported before the first.
    held.pending.get('r4+r5')!.resolve();
    held.pending.get('r2+r3')!.reject(new Error('negado'));
    await tick();
    expect(seen).toEqual([]);
    expect(held.started).toEqual(['r0+r1', 'r2+r3', 'r4+r5', 'r6+r7', 'r8+r9']);
    held.pending.get('r0+r1')!.resolve();
    await tick();
    expect(seen).toEqual(['r0+r1', 'r2+r3!negado', 'r4+r5']);
    held.pending.get('r8+r9')!.resolve();
    held.pending.get('r6+r7')!.resolve();
    expect(await run).toBe('finished');
    expect(seen).toEqual(['r0+r1', 'r2+r3!negado', 'r4+r5', 'r6+r7', 'r8+r9']);
    expect(held.maxInFlight()).toBe(3);
  });

  it('on pause lets the commits in flight finish, says so, starts nothing until resumed', async () => {
    const held = heldCommits();
    const control = { paused: false, settled: 0 };
    const seen: string[] = [];
    const run = writeInBatches(
      records,
      held.writer,
      { isPaused: () => control.paused, isStopped: () => false, onSettled: () => control.settled++ },
      (b) => seen.push(names(b)),
      { batchSize: 2, concurrency: 2 },
    );
    await tick();
    control.paused = true;
    held.pending.get('r0+r1')!.resolve();
    await tick();
    expect(held.started).toEqual(['r0+r1', 'r2+r3']);
    expect(control.settled).toBe(0);
    held.pending.get('r2+r3')!.resolve();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(control.settled).toBe(1);
    expect(seen).toEqual(['r0+r1', 'r2+r3']);
    expect(held.started).toHaveLength(2);
    control.paused = false;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(held.started).toEqual(['r0+r1', 'r2+r3', 'r4+r5', 'r6+r7']);
    for (const name of ['r4+r5', 'r6+r7']) held.pending.get(name)!.resolve();
    await tick();
    held.pending.get('r8+r9')!.resolve();
    expect(await run).toBe('finished');
    expect(seen).toHaveLength(5);
  });

  it('on stop reports the commits already sent and leaves the rest of the file', async () => {
    const held = heldCommits();
    let stopped = false;
    const seen: string[] = [];
    const run = writeInBatches(records, held.writer, { isPaused: () => false, isStopped: () => stopped }, (b) => seen.push(names(b)), {
      batchSize: 2,
      concurrency: 3,
    });
    await tick();
    stopped = true;
    held.pending.get('r0+r1')!.resolve();
    await tick();
    expect(held.started).toEqual(['r0+r1', 'r2+r3', 'r4+r5']);
    held.pending.get('r4+r5')!.resolve();
    held.pending.get('r2+r3')!.resolve();
    expect(await run).toBe('interrupted');
    expect(seen).toEqual(['r0+r1', 'r2+r3', 'r4+r5']);
  });

  it('holds a batch that writes an id still in flight until that commit is done', async () => {
    const held = heldCommits();
    const repeated = [...records.slice(0, 4), { ...records[1]!, line: 20 }, ...records.slice(5, 8)];
    const run = writeInBatches(repeated, held.writer, { isPaused: () => false, isStopped: () => false }, () => {}, { batchSize: 2, concurrency: 4 });
    await tick();
    // r1 again in the third batch: it waits for the first, the ones after it wait in turn.
    expect(held.started).toEqual(['r0+r1', 'r2+r3']);
    held.pending.get('r0+r1')!.resolve();
    await tick();
    expect(held.started).toEqual(['r0+r1', 'r2+r3', 'r1+r5', 'r6+r7']);
    for (const name of ['r2+r3', 'r1+r5', 'r6+r7']) held.pending.get(name)!.resolve();
    expect(await run).toBe('finished');
  });

  it('counts a commit that throws instead of rejecting as a failed batch', async () => {
    const seen: (string | undefined)[] = [];
    const ended = await writeInBatches(
      records.slice(0, 2),
      {
        commit: () => {
          throw new Error('sem rede');
        },
      },
      { isPaused: () => false, isStopped: () => false },
      (_b, error) => seen.push(error),
    );
    expect(ended).toBe('finished');
    expect(seen).toEqual(['sem rede']);
  });
});

describe('the import preview and held prices (issue 29)', () => {
  it('lists the fields an update changes, stamps left out, a date equal to the stored Timestamp unchanged', () => {
    const when = new Date('2026-01-02T03:04:05Z');
    const stored = { name: 'Panela', Price: 10, address: { city: 'Recife', zipcode: '1' }, when: { toMillis: () => when.getTime() }, updatedAt: 1 };
    expect(recordChanges(stored, { name: 'Panela', Price: 12, address: { city: 'Olinda' }, when, updatedAt: 2 })).toEqual([
      { field: 'Price', from: 10, to: 12 },
      { field: 'address.city', from: 'Recife', to: 'Olinda' },
    ]);
  });

  it('gathers the held prices of the outcomes apart, with their lines', () => {
    const outcomes: RecordOutcome[] = [
      { status: 'updated', line: 3, id: 'B', held: [{ field: 'Price', message: 'R$ 1,00 fica 90% abaixo do custo de R$ 10,00' }] },
      { status: 'created', line: 2, id: 'A' },
      { status: 'error', line: 4, id: 'C', message: 'x' },
    ];
    expect(heldOutcomes(outcomes)).toEqual([{ line: 3, id: 'B', field: 'Price', message: 'R$ 1,00 fica 90% abaixo do custo de R$ 10,00' }]);
    const [result] = batchOutcomes(
      {
        records: [{ status: 'ready', line: 3, id: 'B', cells: [], data: {} }],
        results: [{ line: 3, id: 'B', status: 'updated', held: [{ field: 'Price', holdId: 'h', message: 'm' }] }],
      },
      new Set(['B']),
    );
    expect(result).toEqual({ status: 'updated', line: 3, id: 'B', held: [{ field: 'Price', message: 'm' }] });
  });
});
