import { Alert, List, Text } from '@chakra-ui/react';
import { consoleProductsGiftGenerateEndpoint, giftGenerateResponseSchema } from '@console/shared';
import type { z } from 'zod';
import { callApi } from '../../lib/api';
import { registerCollectionExtension } from '../registry';
import type { PanelProps } from '../types';

export const GIFT_TEXTS = {
  generate: 'Limpar todos os brindes e processar regras',
  done: (n: number) => `${n} ${n === 1 ? 'produto recebeu' : 'produtos receberam'} brindes.`,
  failed: 'Nenhum brinde foi alterado: corrija as linhas abaixo.',
} as const;

type GiftResult = z.infer<typeof giftGenerateResponseSchema>;

function GiftResultPanel({ payload }: PanelProps) {
  const result = payload as GiftResult | undefined;
  if (!result) return null;
  if (!result.ok)
    return (
      <Alert.Root status="error" role="alert" data-testid="gift-result">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{GIFT_TEXTS.failed}</Alert.Title>
          <List.Root ps="4">
            {result.errors.map((e) => (
              <List.Item key={e}>{e}</List.Item>
            ))}
          </List.Root>
        </Alert.Content>
      </Alert.Root>
    );
  return (
    <Alert.Root status="success" data-testid="gift-result">
      <Alert.Indicator />
      <Text>{GIFT_TEXTS.done(result.productsWithGifts)}</Text>
    </Alert.Root>
  );
}

registerCollectionExtension('product-gift', {
  actions: [
    {
      id: 'generate-gifts',
      label: GIFT_TEXTS.generate,
      async run({ projectId, showPanel }) {
        const result = await callApi(consoleProductsGiftGenerateEndpoint, { project: projectId, body: {} });
        showPanel('gift-result', result);
      },
    },
  ],
  panels: [{ id: 'gift-result', Component: GiftResultPanel }],
});
