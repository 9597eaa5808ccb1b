import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { CAMPAIGN_LINK_SECRET, REGION, SENDGRID_API_KEY } from '../config.js';

/**
 * The campaign send queue (Cloud Tasks): GET /api/console/campaign-email/{id}/send queues it. The
 * handler (campaign-send-task.ts, with SendGrid's client) is imported on the first task: every
 * function's worker loads this module, few of them send campaigns.
 */
export const campaignSendTask = onTaskDispatched(
  {
    region: REGION,
    memory: '512MiB',
    timeoutSeconds: 540,
    secrets: [SENDGRID_API_KEY, CAMPAIGN_LINK_SECRET],
    retryConfig: { maxAttempts: 20, minBackoffSeconds: 10, maxBackoffSeconds: 300, maxDoublings: 4 },
    rateLimits: { maxConcurrentDispatches: 10 },
  },
  async (request) => (await import('./campaign-send-task.js')).handleCampaignSendTask(request.data),
);
