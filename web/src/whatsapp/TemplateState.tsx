import { Badge, HStack, Text } from '@chakra-ui/react';
import { templateAvailability } from '@console/shared';
import { WHATSAPP_TEXTS } from './texts';

/**
 * A stored template's state at Meta (set by 'Carregar templates' and the template status webhook):
 * a template removed, paused or disabled there is kept but cannot be chosen in a campaign.
 */
export function TemplateStatePanel({ data }: { data: Record<string, unknown> | null }) {
  const status = typeof data?.upstreamStatus === 'string' ? data.upstreamStatus : null;
  if (!status) return null;
  const state = templateAvailability(status);
  const reason = typeof data?.upstreamReason === 'string' ? data.upstreamReason : null;
  return (
    <HStack gap="3" mb="4" data-testid="whatsapp-template-state" flexWrap="wrap">
      <Text fontSize="sm" color="fg.muted">
        {WHATSAPP_TEXTS.templateState}:
      </Text>
      <Badge colorPalette={state.selectable ? 'green' : 'red'}>{state.label}</Badge>
      {reason && <Text fontSize="sm">{reason}</Text>}
      {!state.selectable && (
        <Text fontSize="sm" color="fg.muted">
          {WHATSAPP_TEXTS.notSelectable}
        </Text>
      )}
    </HStack>
  );
}
