import { LoadTemplatesButton } from '../../whatsapp/LoadTemplatesButton';
import { TemplatePreviewPanel } from '../../whatsapp/TemplatePreview';
import { TemplateStatePanel } from '../../whatsapp/TemplateState';
import { sendTestMessage } from '../../whatsapp/test-message';
import { askTestParameters, TEST_PARAMETERS_PANEL, TestParametersPanel } from '../../whatsapp/TestParametersDialog';
import { WHATSAPP_TEXTS } from '../../whatsapp/texts';
import { registerCollectionExtension } from '../registry';

// A WhatsApp template document: the phone-style preview above the form, and the test message;
// the list gets the button that loads the templates approved at Meta.
registerCollectionExtension('whatsapp-template', {
  actions: [
    {
      id: 'send-test',
      label: WHATSAPP_TEXTS.sendTest,
      async run({ projectId, data, showPanel }) {
        // {{n}} without an example value in the template are asked of the operator in a dialog;
        // 'Cancelar' sends nothing and shows nothing.
        const result = await sendTestMessage(projectId, data?.template, (missing) => askTestParameters(showPanel, missing));
        return result ? WHATSAPP_TEXTS.testSent(result.to) : undefined;
      },
    },
  ],
  panels: [
    { id: 'whatsapp-template-state', Component: TemplateStatePanel },
    { id: 'whatsapp-preview', Component: TemplatePreviewPanel },
    { id: TEST_PARAMETERS_PANEL, Component: TestParametersPanel, ownSpacing: true },
  ],
  listActions: [{ id: 'load-templates', Component: LoadTemplatesButton }],
});
