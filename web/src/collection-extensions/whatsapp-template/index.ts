import { LoadTemplatesButton } from '../../whatsapp/LoadTemplatesButton';
import { TemplatePreviewPanel } from '../../whatsapp/TemplatePreview';
import { TemplateStatePanel } from '../../whatsapp/TemplateState';
import { sendTestMessage } from '../../whatsapp/test-message';
import { WHATSAPP_TEXTS } from '../../whatsapp/texts';
import { registerCollectionExtension } from '../registry';

// A WhatsApp template document: the phone-style preview above the form, and the test message;
// the list gets the button that loads the templates approved at Meta.
registerCollectionExtension('whatsapp-template', {
  actions: [
    {
      id: 'send-test',
      label: WHATSAPP_TEXTS.sendTest,
      async run({ projectId, data }) {
        // {{n}} without an example value in the template are asked of the operator.
        const result = await sendTestMessage(projectId, data?.template, (where, n) => window.prompt(WHATSAPP_TEXTS.askParameter(where, n)));
        return WHATSAPP_TEXTS.testSent(result.to);
      },
    },
  ],
  panels: [
    { id: 'whatsapp-template-state', Component: TemplateStatePanel },
    { id: 'whatsapp-preview', Component: TemplatePreviewPanel },
  ],
  listActions: [{ id: 'load-templates', Component: LoadTemplatesButton }],
});
