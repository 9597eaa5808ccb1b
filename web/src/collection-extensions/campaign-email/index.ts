import { consoleCampaignEmailReportEndpoint } from '@console/shared';
import { callApi } from '../../lib/api';
import { registerCampaignChannel } from '../campaign-channel';
import { CampaignReportPanel } from '../../campaigns/email/report-panel';
import { EmailSendProgressPanel } from '../../campaigns/email/send-progress-panel';
import { CAMPAIGN_TEXTS } from '../../campaigns/email/texts';

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
