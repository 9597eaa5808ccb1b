import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { toaster } from '../app/toaster';
import { loadTemplatesFromApi } from './load-templates';
import { WHATSAPP_TEXTS } from './texts';

/** 'Carregar templates' on the whatsapp-template list (document 3 §2): the new templates appear in the live list. */
export function LoadTemplatesButton({ projectId }: { projectId: string }) {
  const [busy, setBusy] = useState(false);
  async function load() {
    setBusy(true);
    try {
      const result = await loadTemplatesFromApi(projectId);
      toaster.create({
        type: 'success',
        title: WHATSAPP_TEXTS.loaded(result.created, result.updated, result.unchanged, (result.removed ?? 0) + (result.unusable ?? 0)),
      });
    } catch (error) {
      toaster.create({ type: 'error', title: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="xs" variant="outline" loading={busy} loadingText={WHATSAPP_TEXTS.loadingTemplates} onClick={() => void load()}>
      {WHATSAPP_TEXTS.loadTemplates}
    </Button>
  );
}
