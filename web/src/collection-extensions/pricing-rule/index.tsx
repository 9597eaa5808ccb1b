import { PricingRulePreview } from '../../price-review/PricingRulePreview';
import { registerCollectionExtension } from '../registry';
import type { PanelProps } from '../types';

function RulePreviewPanel({ projectId, values }: PanelProps) {
  return <PricingRulePreview projectId={projectId} values={values} />;
}

// A pricing rule: the preview of its effect on the store's prices, and which changes the
// guardrails would hold, above its form (issue 29 point 3).
registerCollectionExtension('pricing-rule', {
  panels: [{ id: 'pricing-rule-preview', Component: RulePreviewPanel, ownSpacing: true }],
});
