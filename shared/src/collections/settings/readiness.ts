import type { FieldDefinition } from '../../fields/types.js';
import { PRICING_RULE_STORE_LABELS, PRICING_RULE_STORES } from '../store/pricing-rule.js';
import { defineSettings } from '../define.js';

/**
 * A store's own numbers for the readiness rules (shared/src/readiness/rules.ts), per channel; an
 * empty field keeps the default. Saving it re-evaluates every product in the background.
 */
export const readinessSettings = defineSettings({
  id: 'readiness',
  title: 'Prontidão por canal',
  fields: PRICING_RULE_STORES.map((channel): FieldDefinition => ({
    name: channel,
    title: PRICING_RULE_STORE_LABELS[channel],
    type: 'struct',
    fields: [
      { name: 'minImages', title: 'Mínimo de imagens', type: 'number' },
      { name: 'minDescriptionLength', title: 'Mínimo de caracteres na descrição', type: 'number' },
      { name: 'maxTitleLength', title: 'Máximo de caracteres no nome', type: 'number' },
      { name: 'gtinRequired', title: 'Exige GTIN/EAN', type: 'checkbox' },
    ],
  })),
});
