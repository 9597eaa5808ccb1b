import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { toaster } from '../app/toaster';

import { errorText } from './review';
import { PRICE_REVIEW_TEXTS as T } from './texts';
import { resolveStaleOverride } from './use-price-review';

/** 'Manter minha alteração' / 'Usar o valor do ERP' for one stale override (both logged by the server). */
export function StaleOverrideActions({ projectId, code, field }: { projectId: string; code: string; field: string }) {
  const [busy, setBusy] = useState(false);
  async function resolve(decision: 'keep' | 'upstream') {
    setBusy(true);
    try {
      const answer = await resolveStaleOverride(projectId, code, field, decision);
      if (answer.status === 'held') toaster.create({ type: 'warning', title: T.held, description: answer.message });
      else toaster.create({ type: 'success', title: decision === 'keep' ? T.kept : T.usedUpstream });
    } catch (error) {
      toaster.create({ type: 'error', title: T.failed, description: errorText(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <HStack gap="1">
      <Button size="2xs" variant="outline" disabled={busy} onClick={() => void resolve('keep')}>
        {T.keepMine}
      </Button>
      <Button size="2xs" variant="outline" disabled={busy} onClick={() => void resolve('upstream')}>
        {T.useUpstream}
      </Button>
    </HStack>
  );
}
