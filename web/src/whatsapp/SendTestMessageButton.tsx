import { useState } from 'react';
import { toaster } from '../app/toaster';
import { ActionButton } from '../routes/document/components/document-header';
import { sendTestMessage } from './test-message';
import { WHATSAPP_TEXTS } from './texts';

/** 'Enviar mensagem de teste' on a whatsapp-template document: the stored template to the test number. */
export function SendTestMessageButton({ projectId, template }: { projectId: string; template: unknown }) {
  const [busy, setBusy] = useState(false);
  async function send() {
    setBusy(true);
    try {
      const result = await sendTestMessage(projectId, template);
      toaster.create({ type: 'success', title: WHATSAPP_TEXTS.testSent(result.to) });
    } catch (error) {
      toaster.create({ type: 'error', title: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <ActionButton loading={busy} onClick={() => void send()}>
      {WHATSAPP_TEXTS.sendTest}
    </ActionButton>
  );
}
