import { Box, Button, Dialog, Field, HStack, Input, Link, List, Portal, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useMemo, useReducer, useRef, useState, type ChangeEvent } from 'react';
import type { CollectionDefinition, ImportRecordResult } from '@console/shared';
import { useAuth } from '../../app/auth-context';
import { exportFileName } from '../csv-export';
import { cellText, checkAgainstSchema, isCsvFile, linesToCsv, planImport, readCsvText, recordChanges, type ReadyRecord } from '../import-plan';
import { writeInBatches } from '../import-run';
import {
  batchOutcomes,
  heldOutcomes,
  importReducer,
  initialImportState,
  notImportedLines,
  previewCounts,
  readyRecords,
  summarize,
  type ImportState,
  type RecordOutcome,
} from '../import-state';
import { importRequirements } from '../../collection-extensions';
import { CSV_BUTTON_TEXTS, CSV_TEXTS } from '../texts';
import { downloadCsv } from '../csv-download';
import { addImportLog, readExisting, serverBatchWriter } from '../csv-firestore';
import { CSV_UI_TEXTS as T } from '../ui-texts';

const PREVIEW_RECORDS = 10;
const OUTCOMES_SHOWN = 500;

/** Spec §5: for some collections (products) the brand typed in the dialog goes into every record. */
const needsBrand = (definition: CollectionDefinition) => importRequirements(definition.id).brand === true;

interface CsvImportProps {
  projectId: string;
  definition: CollectionDefinition;
  /**
   * Told when records start and stop being written. The collection screen pauses its realtime
   * list meanwhile: the list behind the dialog cannot be used anyway, and every commit would be
   * matched against the listened query — the emulator re-runs it over the whole collection after
   * each commit (10,000 products: 146 rows/s with the list live, 264 with it paused).
   */
  onWritingChange?: (writing: boolean) => void;
}

/** 'Import CSV' and its dialog (document 2 §2 'CSV import dialog'). */
export function CsvImportButton(props: CsvImportProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => setOpen(true)}>
        {CSV_BUTTON_TEXTS.importCsv}
      </Button>
      {open && <CsvImportDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

function CsvImportDialog({ projectId, definition, onWritingChange, onClose }: CsvImportProps & { onClose: () => void }) {
  const { user } = useAuth();
  const [state, dispatch] = useReducer(importReducer, initialImportState);
  // The writing loop reads pause/stop between batches; the reducer's copy is for rendering.
  const control = useRef({ paused: false, stopped: false });

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isCsvFile(file)) return dispatch({ type: 'fileRejected', problem: CSV_TEXTS.wrongFileType });
    dispatch({ type: 'fileChosen', fileName: file.name });
    try {
      const plan = planImport(definition, readCsvText(await file.text()));
      if (plan.lines.length === 0) return dispatch({ type: 'fileRejected', problem: CSV_TEXTS.emptyFile });
      const stored = await readExisting(
        projectId,
        definition.id,
        readyRecords(plan).map((r) => r.id),
      );
      const lines = checkAgainstSchema(definition, plan.lines, stored);
      dispatch({ type: 'fileChecked', file: { fileName: file.name, plan: { ...plan, lines }, existingIds: new Set(stored.keys()), storedData: stored } });
    } catch (error) {
      dispatch({ type: 'fileRejected', problem: error instanceof Error ? error.message : CSV_TEXTS.unknownError });
    }
  }

  async function start() {
    if (state.step !== 'preview' || !user) return;
    const { plan, brand, fileName, existingIds, storedData } = state;
    control.current = { paused: false, stopped: false };
    dispatch({ type: 'started' });
    const tally: RecordOutcome[] = [];
    const onBatch = (records: readonly ReadyRecord[], error?: string, results?: readonly ImportRecordResult[]) => {
      dispatch({ type: 'batchWritten', records, error, results });
      tally.push(...batchOutcomes({ records, error, results }, existingIds));
    };
    onWritingChange?.(true);
    let ended: 'finished' | 'interrupted';
    try {
      ended = await writeInBatches(
        readyRecords(plan),
        serverBatchWriter(projectId, definition.id, needsBrand(definition) ? brand.trim() : undefined, existingIds, storedData),
        {
          isPaused: () => control.current.paused,
          isStopped: () => control.current.stopped,
          onSettled: () => dispatch({ type: 'pauseHeld' }),
        },
        onBatch,
      );
    } finally {
      onWritingChange?.(false);
    }
    dispatch({ type: 'ended' });
    const before = previewCounts({ fileName, plan, existingIds });
    const written = summarize(tally);
    await addImportLog(projectId, {
      module: definition.id,
      userId: user.uid,
      fileName,
      fileLines: plan.lines.length,
      brand: needsBrand(definition) ? brand.trim() : null,
      counts: { ...written, errors: written.errors + before.errors, ignored: before.ignored },
      interrupted: ended === 'interrupted',
    }).catch(() => undefined); // the log never turns a done import into a failure
  }

  const running = state.step === 'running' || state.step === 'checking';
  return (
    <Dialog.Root open size="xl" onOpenChange={(d) => !d.open && !running && onClose()} closeOnInteractOutside={false} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="csv-import-dialog">
            <Dialog.Header>
              <Dialog.Title>{T.title(definition.title)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <ImportStep
                state={state}
                brandRequired={needsBrand(definition)}
                onFile={chooseFile}
                onBrand={(brand) => dispatch({ type: 'brandChanged', brand })}
                onStart={start}
                onOtherFile={() => dispatch({ type: 'restarted' })}
                onPauseToggle={() => {
                  control.current.paused = !control.current.paused;
                  dispatch({ type: 'pauseToggled' });
                }}
                onStop={() => {
                  control.current.stopped = true;
                  dispatch({ type: 'stopRequested' });
                }}
                onDownload={() =>
                  (state.step === 'finished' || state.step === 'interrupted') &&
                  downloadCsv(exportFileName(definition.id, new Date(), '_nao-importadas'), linesToCsv(state.plan.headers, notImportedLines(state)))
                }
              />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={running}>
                {T.close}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface StepProps {
  state: ImportState;
  brandRequired: boolean;
  onFile(event: ChangeEvent<HTMLInputElement>): void;
  onBrand(brand: string): void;
  onStart(): void;
  onOtherFile(): void;
  onPauseToggle(): void;
  onStop(): void;
  onDownload(): void;
}

function ImportStep(props: StepProps) {
  const { state } = props;
  switch (state.step) {
    case 'choose':
      return (
        <Stack gap="3">
          <Field.Root>
            <Field.Label>{T.fileLabel}</Field.Label>
            <Input type="file" accept=".csv,text/csv" onChange={props.onFile} p="1" />
          </Field.Root>
          {state.problem && (
            <Text role="alert" color="fg.error">
              {state.problem}
            </Text>
          )}
        </Stack>
      );
    case 'checking':
      return <Text>{T.checking}</Text>;
    case 'preview':
      return <Preview {...props} state={state} />;
    case 'running':
      return <Running {...props} state={state} />;
    case 'finished':
    case 'interrupted':
      return <Results {...props} state={state} />;
  }
}

function Running({ state, onPauseToggle, onStop }: StepProps & { state: Extract<ImportState, { step: 'running' }> }) {
  // Outcomes start with the lines known before writing (errors, ignored); the rest are batches written.
  const { total, before } = useMemo(() => {
    const ready = readyRecords(state.plan).length;
    return { total: ready, before: state.plan.lines.length - ready };
  }, [state.plan]);
  const written = state.outcomes.length - before;
  return (
    <Stack gap="3">
      <Text data-testid="import-progress">{T.progress(written, total)}</Text>
      <Progress.Root value={total ? (100 * written) / total : 100} size="sm">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {state.paused && <Text color="fg.muted">{state.pauseHeld ? T.paused : T.pausing}</Text>}
      <HStack>
        <Button size="sm" variant="outline" onClick={onPauseToggle} disabled={state.stopping}>
          {state.paused ? T.resume : T.pause}
        </Button>
        <Button size="sm" colorPalette="red" variant="outline" onClick={onStop} disabled={state.stopping}>
          {state.stopping ? T.stopping : T.stop}
        </Button>
      </HStack>
    </Stack>
  );
}

function Preview({ state, brandRequired, onBrand, onStart, onOtherFile }: StepProps & { state: Extract<ImportState, { step: 'preview' }> }) {
  const counts = previewCounts(state);
  const invalid = state.plan.lines.filter((l) => l.status === 'ignored');
  const brandMissing = brandRequired && state.brand.trim() === '';
  return (
    <Stack gap="3">
      <Text fontWeight="medium">{state.fileName}</Text>
      <Text data-testid="import-preview-counts">{T.willWrite(counts.created, counts.updated)}</Text>
      {counts.errors + counts.ignored > 0 && <Text color="fg.muted">{T.willSkip(counts.errors, counts.ignored)}</Text>}
      {state.plan.unknownColumns.length > 0 && (
        <Box>
          <Text>{T.unknownColumns}</Text>
          <Text fontFamily="mono" fontSize="sm">
            {state.plan.unknownColumns.join(', ')}
          </Text>
        </Box>
      )}
      {invalid.length > 0 && (
        <Box>
          <Text>{T.invalidIds}</Text>
          <List.Root fontSize="sm" data-testid="invalid-ids" ps="4">
            {invalid.map((l) => (
              <List.Item key={l.line}>{T.invalidIdLine(l.line, l.id, l.characters)}</List.Item>
            ))}
          </List.Root>
        </Box>
      )}
      {/* Scrolls sideways: focusable, so a keyboard can scroll it too. */}
      <Box overflowX="auto" borderWidth="1px" borderRadius="sm" tabIndex={0} role="region" aria-label={T.previewCaption}>
        <Table.Root size="sm" data-testid="import-preview">
          <Table.Caption>{T.previewCaption}</Table.Caption>
          <Table.Header>
            <Table.Row>
              {state.plan.headers.map((h, i) => (
                <Table.ColumnHeader key={i} whiteSpace="nowrap">
                  {h}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {state.plan.lines.slice(0, PREVIEW_RECORDS).map((l) => (
              <Table.Row key={l.line}>
                {state.plan.headers.map((_, i) => (
                  <Table.Cell key={i} maxW="60" truncate>
                    {l.cells[i] ?? ''}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <PreviewChanges state={state} />
      {brandRequired && (
        <Field.Root required invalid={brandMissing}>
          <Field.Label>{T.brand}</Field.Label>
          <Input value={state.brand} onChange={(e) => onBrand(e.target.value)} />
          {brandMissing && <Field.ErrorText>{CSV_TEXTS.brandRequired}</Field.ErrorText>}
        </Field.Root>
      )}
      <HStack>
        <Button size="sm" colorPalette="blue" onClick={onStart} disabled={brandMissing}>
          {T.start}
        </Button>
        <Button size="sm" variant="outline" onClick={onOtherFile}>
          {T.otherFile}
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * For each updated record among the previewed ones, the fields it changes (stored → file), as the
 * merge-write would leave them (issue 29 point 5); the import then writes only records still as seen.
 */
function PreviewChanges({ state }: { state: Extract<ImportState, { step: 'preview' }> }) {
  const updates = readyRecords(state.plan)
    .slice(0, PREVIEW_RECORDS)
    .flatMap((record) => {
      const stored = state.storedData?.get(record.id);
      return stored ? [{ record, diff: recordChanges(stored, record.data) }] : [];
    });
  if (updates.length === 0) return null;
  return (
    <Box data-testid="import-preview-changes">
      <Text fontWeight="medium">{T.changesTitle}</Text>
      <List.Root fontSize="sm" ps="4" gap="1">
        {updates.map(({ record, diff }) => (
          <List.Item key={record.line} data-testid="import-preview-change">
            {T.line(record.line)} · {record.id}:{' '}
            {diff.length === 0 ? T.noChange : diff.map((d) => `${d.field}: ${cellText(d.from)} → ${cellText(d.to)}`).join('; ')}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

/** Line numbers as ranges: 2-5, 9, 12-14. */
function lineRanges(lines: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1) j++;
    parts.push(j > i ? `${lines[i]}-${lines[j]}` : String(lines[i]));
    i = j;
  }
  return parts.join(', ');
}

function outcomeText(o: RecordOutcome): string {
  if (o.status === 'error') return `${T.outcome.error}: ${o.message || CSV_TEXTS.unknownError}`;
  if (o.status === 'ignored') return `${T.outcome.ignored}: ${CSV_TEXTS.invalidId}`;
  return T.outcome[o.status];
}

function Results({ state, onDownload, onOtherFile }: StepProps & { state: Extract<ImportState, { step: 'finished' | 'interrupted' }> }) {
  const counts = summarize(state.outcomes);
  const notImported = notImportedLines(state).map((l) => l.line);
  const outcomes = [...state.outcomes].sort((a, b) => a.line - b.line);
  const held = heldOutcomes(outcomes);
  return (
    <Stack gap="3">
      <Text fontWeight="bold" role="status">
        {state.step === 'finished' ? T.finished : CSV_TEXTS.interrupted}
      </Text>
      <HStack gap="4" data-testid="import-summary">
        <Text>
          {T.created}: <span data-testid="count-created">{counts.created}</span>
        </Text>
        <Text>
          {T.updated}: <span data-testid="count-updated">{counts.updated}</span>
        </Text>
        <Text>
          {T.errors}: <span data-testid="count-errors">{counts.errors}</span>
        </Text>
        <Text>
          {T.ignored}: <span data-testid="count-ignored">{counts.ignored}</span>
        </Text>
      </HStack>
      {notImported.length > 0 && (
        <Box>
          <Text>
            {T.notImported} <span data-testid="not-imported-lines">{lineRanges(notImported)}</span>
          </Text>
          <Button size="sm" variant="outline" mt="2" onClick={onDownload}>
            {T.downloadNotImported}
          </Button>
        </Box>
      )}
      {held.length > 0 && (
        <Box data-testid="import-held" borderWidth="1px" borderColor="border.warning" borderRadius="sm" p="3">
          <Text fontWeight="medium">{T.heldTitle(held.length)}</Text>
          <List.Root fontSize="sm" ps="4">
            {held.map((h) => (
              <List.Item key={`${h.line}-${h.field}`} data-testid="import-held-line">
                {`${T.line(h.line)} · ${h.id} · ${h.field}: ${h.message}`}
              </List.Item>
            ))}
          </List.Root>
          <Text fontSize="sm" mt="2">
            {T.heldWhere}{' '}
            <Link asChild variant="underline">
              <RouterLink to="/console/price-review#held">{T.heldLink}</RouterLink>
            </Link>
          </Text>
        </Box>
      )}
      <List.Root fontSize="sm" maxH="64" overflowY="auto" data-testid="import-results" ps="4" tabIndex={0} aria-label={T.resultsLabel}>
        {outcomes.slice(0, OUTCOMES_SHOWN).map((o) => (
          <List.Item key={o.line}>{`${T.line(o.line)} · ${o.id} · ${outcomeText(o)}`}</List.Item>
        ))}
        {outcomes.length > OUTCOMES_SHOWN && <List.Item>{T.more(outcomes.length - OUTCOMES_SHOWN)}</List.Item>}
      </List.Root>
      <HStack>
        <Button size="sm" variant="outline" onClick={onOtherFile}>
          {T.otherFile}
        </Button>
      </HStack>
    </Stack>
  );
}
