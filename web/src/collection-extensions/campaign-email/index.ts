import { campaignSendResponseSchema } from '@console/shared';
import { callApi } from '../../lib/api';
import { registerCollectionExtension } from '../registry';
import { EmailSendProgressPanel } from './send-progress-panel';
import { CAMPAIGN_TEXTS } from './texts';

registerCollectionExtension('campaign-email', {
  actions: [
    {
      id: 'send',
      label: CAMPAIGN_TEXTS.send,
      confirm: CAMPAIGN_TEXTS.confirmSend,
      async run({ projectId, docId }) {
        const answer = campaignSendResponseSchema.parse(
          await callApi(`/api/console/campaign-email/${encodeURIComponent(docId)}/send`, { query: { project: projectId } }),
        );
        return answer.started ? CAMPAIGN_TEXTS.started : CAMPAIGN_TEXTS.alreadyStarted;
      },
    },
  ],
  panels: [{ id: 'send-progress', Component: EmailSendProgressPanel }],
});
