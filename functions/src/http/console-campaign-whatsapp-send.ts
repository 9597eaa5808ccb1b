import { PROJECT_COLLECTION } from '@console/shared';
import { ApiError, notFound } from '../lib/api-error.js';
import { firestore } from '../lib/admin.js';
import { defineEndpoint } from '../lib/endpoint.js';
import { enqueueTask } from '../campaigns/enqueue.js';
import { startCampaignSend } from '../campaigns/start-send.js';

/**
 * GET /api/console/campaign-whatsapp/{id}/send?project — 'Enviar' (after 'Confirma o envio?'):
 * starts the campaign's background send on the campaign send job with the WhatsApp channel
 * (functions/src/whatsapp/channel.ts), once; repeated calls answer the same send's state. The
 * screen follows project/{p}/campaign-send/whatsapp-{id} live.
 */
export const consoleCampaignWhatsappSend = defineEndpoint({
  method: 'GET',
  path: '/api/console/campaign-whatsapp/:id/send',
  access: 'project',
  async handle({ params, project, caller }) {
    const campaignId = params.id!;
    if (campaignId.includes('/')) throw new ApiError(400, 'Campanha inválida.');
    const campaign = (await firestore.doc(`${PROJECT_COLLECTION}/${project}/campaign-whatsapp/${campaignId}`).get()).data();
    if (!campaign) throw notFound('Campanha');
    if (!campaign.whatsappTemplateId) throw new ApiError(400, 'Escolha o template de WhatsApp da campanha antes de enviar.');
    if (!campaign.customerSegmentId) throw new ApiError(400, 'Escolha o segmento de clientes da campanha antes de enviar.');
    try {
      return await startCampaignSend(firestore, {
        project: project!,
        channel: 'whatsapp',
        campaignId,
        caller: { uid: caller!.uid, email: caller!.email },
        enqueue: enqueueTask,
      });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(502, `Fila de tarefas: não foi possível iniciar o envio (${(error as Error).message}). Tente de novo: o envio não se repete.`);
    }
  },
});
