import { LoadTemplatesButton } from '../../whatsapp/LoadTemplatesButton';
import { TemplatePreviewPanel } from '../../whatsapp/TemplatePreview';
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
        const result = await sendTestMessage(projectId, data?.template);
        return WHATSAPP_TEXTS.testSent(result.to);
      },
    },
  ],
  panels: [{ id: 'whatsapp-preview', Component: TemplatePreviewPanel }],
  listActions: [{ id: 'load-templates', Component: LoadTemplatesButton }],
});
