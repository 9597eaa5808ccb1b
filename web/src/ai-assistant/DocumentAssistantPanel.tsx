import { useMemo, type ComponentProps } from 'react';
import { isAdmin, isGuardedPriceField, type AiDocument, type FieldDefinition } from '@console/shared';
import { useAuth } from '../app/auth-context';
import { toaster } from '../app/toaster';
import { errorText } from '../price-review/review';
import { changePrice } from '../price-review/use-price-review';
import { AiAssistantPanel } from './AiAssistantPanel';
import { useConversationHistory } from './use-conversation-history';

type PanelProps = Pick<ComponentProps<typeof AiAssistantPanel>, 'assistant' | 'values' | 'onApply' | 'onClose'>;

/** The catalogue collection whose selling prices the store's guardrails hold (issue 29 point 3). */
const PRODUCT_COLLECTION = 'product';

export const AI_PRICE_TEXTS = {
  about: 'Sugestão do assistente de IA aceita',
  applied: 'Preço aplicado',
  held: 'Preço retido: fora dos limites da loja',
  failed: 'Não foi possível aplicar o preço',
} as const;

/**
 * The assistant panel of an open document: its earlier conversations (read each time the panel
 * opens), rich-text fields shown rendered, and the project's AI use for admins. An accepted
 * selling price of a product goes through the server's guardrails instead of into the form: it
 * is written, or held with the numbers until an operator confirms it.
 */
export function DocumentAssistantPanel({
  project,
  document,
  fields,
  ...panel
}: PanelProps & { project: string; document: AiDocument; fields: readonly FieldDefinition[] }) {
  const history = useConversationHistory(project, document);
  const { claims } = useAuth();
  const richText = useMemo(() => new Set(fields.filter((f) => f.type === 'editor').map((f) => f.name)), [fields]);
  const { onApply } = panel;
  const apply = (field: string, value: unknown) => {
    if (document.collection !== PRODUCT_COLLECTION || !isGuardedPriceField(field)) return onApply(field, value);
    const price = typeof value === 'number' && Number.isFinite(value) ? value : null;
    changePrice(project, { code: document.id, field, value: price, about: AI_PRICE_TEXTS.about, source: 'ai', target: 'product' }).then(
      (answer) =>
        answer.status === 'held'
          ? toaster.create({ type: 'warning', title: AI_PRICE_TEXTS.held, description: answer.message })
          : toaster.create({ type: 'success', title: AI_PRICE_TEXTS.applied }),
      (error) => toaster.create({ type: 'error', title: AI_PRICE_TEXTS.failed, description: errorText(error) }),
    );
  };
  return (
    <AiAssistantPanel
      {...panel}
      onApply={apply}
      history={history}
      isRichText={(field) => richText.has(field)}
      usageProject={isAdmin(claims) ? project : null}
    />
  );
}
