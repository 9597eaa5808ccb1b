import { consoleCampaignWhatsappSendEndpoint, PROJECT_COLLECTION } from '@console/shared';
import { campaignSendHandler } from './send-endpoint.js';
import { campaignChannels } from './channel-registry.js';
import { sendDocPath, sendId } from './send-store.js';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { assertWithinTier } from './whatsapp-tier.js';

/**
 * GET /api/console/campaign-whatsapp/{id}/send?project — 'Enviar' of a WhatsApp campaign, on the
 * campaign send job with the WhatsApp channel (functions/src/campaigns/whatsapp-channel.ts).
 */
const startSend = campaignSendHandler({
  channel: 'whatsapp',
  collection: 'campaign-whatsapp',
  templateField: 'whatsappTemplateId',
  missingTemplate: 'Escolha o template de WhatsApp da campanha antes de enviar.',
});

/** The tier is checked when the send is confirmed, before anything is sent (a send already started is only followed). */
export const handleConsoleCampaignWhatsappSend: Handler<typeof consoleCampaignWhatsappSendEndpoint> = async (request) => {
  const { params, project } = request;
  if (!params.id.includes('/')) {
    const base = `${PROJECT_COLLECTION}/${project}`;
    const [send, campaign] = await firestore.getAll(
      firestore.doc(sendDocPath(project, sendId('whatsapp', params.id))),
      firestore.doc(`${base}/campaign-whatsapp/${params.id}`),
    );
    const data = campaign!.data();
    if (!send!.exists && data?.customerSegmentId && data.whatsappTemplateId) {
      await assertWithinTier(project, data, await campaignChannels(firestore).whatsapp!.loadPreferences(project));
    }
  }
  return startSend(request);
};

export const consoleCampaignWhatsappSend = serve(consoleCampaignWhatsappSendEndpoint, handleConsoleCampaignWhatsappSend);
