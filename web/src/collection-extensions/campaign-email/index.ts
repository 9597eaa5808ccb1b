import { consoleCampaignEmailReportEndpoint, consoleCampaignEmailSendEndpoint } from '@console/shared';
import { callApi } from '../../lib/api';
import { registerCollectionExtension } from '../registry';
import { CampaignReportPanel } from './report-panel';
import { EmailSendProgressPanel } from './send-progress-panel';
import { CAMPAIGN_TEXTS } from './texts';

registerCollectionExtension('campaign-email', {
  actions: [
    {
      id: 'send',
      label: CAMPAIGN_TEXTS.send,
      confirm: CAMPAIGN_TEXTS.confirmSend,
      async run({ projectId, docId }) {
        const answer = await callApi(consoleCampaignEmailSendEndpoint, { params: { id: docId }, project: projectId });
        return answer.started ? CAMPAIGN_TEXTS.started : CAMPAIGN_TEXTS.alreadyStarted;
      },
    },
    {
      id: 'report',
      label: CAMPAIGN_TEXTS.report,
      async run({ projectId, docId, showPanel }) {
        const answer = await callApi(consoleCampaignEmailReportEndpoint, { params: { id: docId }, project: projectId });
        showPanel('report', answer);
      },
    },
  ],
  panels: [
    { id: 'send-progress', Component: EmailSendProgressPanel },
    { id: 'report', Component: CampaignReportPanel },
  ],
});
