import { chakra, Field, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId } from 'react';
import type { SyncConfigResponse } from '@console/shared';
import { MAX_CONCURRENCY, MIN_CONCURRENCY } from '../bulk-sync';
import { SYNC_TASKS } from '../tasks';
import { SYNC_TEXTS } from '../constants';

export interface SyncOptions {
  /** config/bling account index ('' = the default account). */
  account: string;
  concurrency: number;
  tasks: ReadonlySet<string>;
  text: string;
}

interface SyncOptionsPanelProps {
  options: SyncOptions;
  accounts: SyncConfigResponse['blingAccounts'];
  onChange(change: Partial<SyncOptions>): void;
}

const CONCURRENCY_VALUES = Array.from({ length: MAX_CONCURRENCY - MIN_CONCURRENCY + 1 }, (_, i) => MIN_CONCURRENCY + i);

/** The left column of screen 1: ERP account, simultaneous processes, one checkbox per task, the codes. */
export function SyncOptionsPanel({ options, accounts, onChange }: SyncOptionsPanelProps) {
  const idPrefix = useId();
  const toggle = (id: string, on: boolean) => {
    const tasks = new Set(options.tasks);
    if (on) tasks.add(id);
    else tasks.delete(id);
    onChange({ tasks });
  };

  return (
    <Stack gap="4">
      <Field.Root>
        <Field.Label>{SYNC_TEXTS.account}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={options.account} onChange={(e) => onChange({ account: e.currentTarget.value })}>
            {accounts.length === 0 && <option value="">{SYNC_TEXTS.defaultAccount}</option>}
            {accounts.map((account) => (
              <option key={account.index} value={String(account.index)}>
                {account.description}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>

      <Field.Root>
        <Field.Label>{SYNC_TEXTS.concurrency}</Field.Label>
        <NativeSelect.Root size="sm" w="24">
          <NativeSelect.Field value={String(options.concurrency)} onChange={(e) => onChange({ concurrency: Number(e.currentTarget.value) })}>
            {CONCURRENCY_VALUES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>

      <chakra.fieldset borderWidth="0" p="0" m="0">
        <chakra.legend fontSize="sm" fontWeight="medium" mb="1.5">
          {SYNC_TEXTS.tasks}
        </chakra.legend>
        <Stack gap="1">
          {SYNC_TASKS.map((task) => {
            const id = `${idPrefix}-${task.id}`;
            return (
              <chakra.div key={task.id} display="flex" alignItems="center" gap="2">
                <chakra.input
                  id={id}
                  type="checkbox"
                  boxSize="4"
                  accentColor="blue.600"
                  cursor="pointer"
                  checked={options.tasks.has(task.id)}
                  onChange={(e) => toggle(task.id, e.target.checked)}
                />
                <chakra.label htmlFor={id} fontSize="sm" cursor="pointer">
                  {task.name}
                </chakra.label>
              </chakra.div>
            );
          })}
        </Stack>
      </chakra.fieldset>

      <Field.Root>
        <Field.Label>{SYNC_TEXTS.codes}</Field.Label>
        <Textarea
          value={options.text}
          onChange={(e) => onChange({ text: e.currentTarget.value })}
          rows={14}
          fontFamily="mono"
          fontSize="sm"
          spellCheck={false}
          placeholder={'10618562\n20100001'}
        />
        <Text fontSize="xs" color="fg.muted">
          {SYNC_TEXTS.codesHelp}
        </Text>
      </Field.Root>
    </Stack>
  );
}
