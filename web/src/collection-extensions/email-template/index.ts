import { consoleEmailTemplatePreviewTicketEndpoint, consoleEmailTemplateTestEndpoint } from '@console/shared';
import { callApi } from '../../lib/api';
import { registerCollectionExtension } from '../registry';
import type { DocumentAction } from '../types';

export const TEMPLATE_TEXTS = {
  sendTest: 'Enviar teste',
  view: 'Ver',
  sent: (to: string) => `E-mail de teste enviado para ${to}.`,
  popupBlocked: 'O navegador bloqueou a nova aba. Permita pop-ups para este site.',
} as const;

/** 'Enviar teste': POST /api/console/email-template {templateId}, to the signed-in operator. */
export function sendTestAction(
  templateId: (data: Record<string, unknown> | null, docId: string) => string | null,
  source: 'email-template' | 'task' = 'email-template',
): DocumentAction {
  return {
    id: 'send-test',
    label: TEMPLATE_TEXTS.sendTest,
    enabled: ({ data, docId }) => Boolean(templateId(data, docId)),
    async run({ projectId, data, docId }) {
      const answer = await callApi(consoleEmailTemplateTestEndpoint, {
        project: projectId,
        body: { templateId: templateId(data, docId) ?? '', ...(source === 'task' ? { source } : {}) },
      });
      return TEMPLATE_TEXTS.sent(answer.to);
    },
  };
}

registerCollectionExtension('email-template', {
  actions: [
    sendTestAction((_, docId) => docId),
    {
      id: 'view',
      label: TEMPLATE_TEXTS.view,
      async run({ projectId, docId }) {
        // The tab opens now, inside the click (pop-up blockers), and gets its URL once the ticket is there.
        const tab = window.open('about:blank', '_blank');
        if (!tab) throw new Error(TEMPLATE_TEXTS.popupBlocked);
        try {
          const { url } = await callApi(consoleEmailTemplatePreviewTicketEndpoint, { project: projectId, body: { id: docId } });
          tab.opener = null;
          tab.location.href = url;
        } catch (error) {
          tab.close();
          throw error;
        }
      },
    },
  ],
});
