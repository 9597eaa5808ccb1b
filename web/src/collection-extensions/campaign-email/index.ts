import { consoleCampaignEmailReportEndpoint } from '@console/shared';
import { callApi } from '../../lib/api';
import { registerCampaignChannel } from '../campaign-channel';
import { CampaignReportPanel, EmailSendProgressPanel, CAMPAIGN_TEXTS } from '../../campaigns/ui';

registerCampaignChannel('campaign-email', {
  actions: [
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
