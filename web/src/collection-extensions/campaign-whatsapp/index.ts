import { consoleCampaignWhatsappSendEndpoint } from '@console/shared';
import { callApi } from '../../lib/api';
import { CAMPAIGN_TEXTS } from '../campaign-email/texts';
import { registerCollectionExtension } from '../registry';
import { WhatsappSendPanel } from './whatsapp-send-panel';

// campaign-whatsapp 'Enviar' (document 3 §2): the same confirmation as e-mail, the same send job.
registerCollectionExtension('campaign-whatsapp', {
  actions: [
    {
      id: 'send',
      label: CAMPAIGN_TEXTS.send,
      confirm: CAMPAIGN_TEXTS.confirmSend,
      async run({ projectId, docId }) {
        const answer = await callApi(consoleCampaignWhatsappSendEndpoint, { params: { id: docId }, project: projectId });
        return answer.started ? CAMPAIGN_TEXTS.started : CAMPAIGN_TEXTS.alreadyStarted;
      },
    },
  ],
  panels: [{ id: 'whatsapp-send', Component: WhatsappSendPanel }],
});
