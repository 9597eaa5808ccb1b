import { Badge, Box, Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { consoleProductsPricingRulePreviewEndpoint, isPlainObject, type ConditionNode, type PricingRulePreviewResponse } from '@console/shared';
import { callApi } from '../lib/api';
import { formatMoney } from '../lib/format';
import { errorText } from './review';
import { PRICE_FIELD_LABELS } from './texts';

export const RULE_PREVIEW_TEXTS = {
  title: 'Efeito nos preços',
  intro:
    'O que esta regra faria com os preços dos produtos, como está no formulário (salva ou não): os markups mínimos elevam os preços abaixo de custo × markup; preços acima ficam como estão. Mudanças fora dos limites da loja seriam retidas até a confirmação.',
  run: 'Pré-visualizar efeito nos preços',
  running: 'Calculando…',
  summary: (r: PricingRulePreviewResponse) =>
    `${r.matched} de ${r.total} produtos atendem às condições · ${r.changed} teriam o preço alterado · ${r.held} seriam retidos pelos limites da loja · ${r.manual} com preço manual · ${r.noCost} sem custo`,
  none: 'Nenhum preço mudaria com esta regra.',
  more: (shown: number, changed: number) => `Mostrando ${shown} alterações; ${changed} produtos mudariam ao todo.`,
  product: 'Produto',
  change: 'Alteração',
  outcome: 'Limites da loja',
  held: 'Seria retido',
  within: 'Dentro dos limites',
} as const;
const T = RULE_PREVIEW_TEXTS;

/** The price-setting options of the rule's form (`options`), and its conditions (`rules.map`). */
function ruleOfForm(values: Record<string, unknown>) {
  const rules = isPlainObject(values.rules) ? values.rules : null;
  const map = rules && isPlainObject(rules.map) ? rules.map : null;
  const stored = isPlainObject(values.options) ? values.options : {};
  const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
  const flag = (v: unknown) => v === true;
  return {
    map,
    options: {
      disablePriceNetErp: flag(stored.disablePriceNetErp),
      minMarkup: number(stored.minMarkup),
      minInstallmentsMarkup: number(stored.minInstallmentsMarkup),
      minImportedMarkup: number(stored.minImportedMarkup),
      minInstallmentsImportedMarkup: number(stored.minInstallmentsImportedMarkup),
      priceManual: flag(stored.priceManual),
    },
  };
}

type State = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; answer: PricingRulePreviewResponse };

/**
 * A pricing rule's preview of its effect (issue 29 point 3), above its form: on a click, the
 * products its conditions match, the prices it would change (from → to) and which of those changes
 * the store's guardrails would hold, with the numbers. Reads the form as it is, so a rule is seen
 * before it is saved; writes nothing.
 */
export function PricingRulePreview({ projectId, values }: { projectId: string; values: Record<string, unknown> }) {
  const [state, setState] = useState<State>({ status: 'idle' });

  async function run() {
    setState({ status: 'loading' });
    const { map, options } = ruleOfForm(values);
    try {
      const answer = await callApi(consoleProductsPricingRulePreviewEndpoint, {
        project: projectId,
        // The form's tree as stored; the endpoint parses and type-checks it (a 400 is shown below).
        body: { map: map as unknown as ConditionNode | null, options, sampleSize: 50 },
      });
      setState({ status: 'ready', answer });
    } catch (error) {
      setState({ status: 'error', message: errorText(error) });
    }
  }

  return (
    <Box as="section" aria-label={T.title} borderWidth="1px" borderRadius="md" p="3" mb="4">
      <Heading as="h2" size="sm" mb="1">
        {T.title}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {T.intro}
      </Text>
      <Button size="sm" onClick={() => void run()} loading={state.status === 'loading'} loadingText={T.running}>
        {T.run}
      </Button>
      {state.status === 'error' && (
        <Text role="alert" mt="2" fontSize="sm">
          {state.message}
        </Text>
      )}
      {state.status === 'ready' && (
        <Stack mt="3" gap="2" data-testid="rule-preview">
          <Text fontSize="sm" data-testid="rule-preview-summary">
            {T.summary(state.answer)}
          </Text>
          {state.answer.rows.length === 0 ? (
            <Text fontSize="sm">{T.none}</Text>
          ) : (
            <Table.Root size="sm" aria-label={T.title}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{T.product}</Table.ColumnHeader>
                  <Table.ColumnHeader>{T.change}</Table.ColumnHeader>
                  <Table.ColumnHeader>{T.outcome}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {state.answer.rows.map((row) => (
                  <Table.Row key={`${row.code}-${row.field}`} data-testid="rule-preview-row">
                    <Table.Cell>
                      {row.code}
                      {row.name ? ` · ${row.name}` : ''}
                    </Table.Cell>
                    <Table.Cell>
                      {PRICE_FIELD_LABELS[row.field] ?? row.field}: {formatMoney(row.from) || '—'} → {formatMoney(row.to)}
                    </Table.Cell>
                    <Table.Cell>
                      {row.held ? (
                        <>
                          <Badge colorPalette="orange">{T.held}</Badge> <Text as="span">{row.message}</Text>
                        </>
                      ) : (
                        <Badge colorPalette="green">{T.within}</Badge>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
          {state.answer.rows.length < state.answer.changed && <Text fontSize="xs">{T.more(state.answer.rows.length, state.answer.changed)}</Text>}
        </Stack>
      )}
    </Box>
  );
}
