import { PROJECT_COLLECTION, type consoleCampaignEmailSendEndpoint } from '@console/shared';
import { ApiError, notFound } from '../lib/api-error.js';
import { firestore } from '../lib/admin.js';
import type { EndpointRequest } from '../lib/endpoint.js';
import { enqueueTask } from './enqueue.js';
import { startCampaignSend } from './start-send.js';

/**
 * GET /api/console/{collection}/{id}/send?project — a campaign's 'Enviar' (after 'Confirma o
 * envio?'): starts its background send on the campaign send job, once; repeated calls answer the
 * same send's state (and resume a send whose runner is gone). The screen follows
 * project/{p}/campaign-send/{channel}-{id} live. One definition for every channel.
 */
export function campaignSendHandler(options: { channel: 'email' | 'whatsapp'; collection: string; templateField: string; missingTemplate: string }) {
  // The e-mail and WhatsApp descriptors differ only in their path: one request type serves both.
  return async ({ params, project, caller }: EndpointRequest<typeof consoleCampaignEmailSendEndpoint>) => {
    const campaignId = params.id;
    const campaign = (await firestore.doc(`${PROJECT_COLLECTION}/${project}/${options.collection}/${campaignId}`).get()).data();
    if (!campaign) throw notFound('Campanha', 'feminine');
    if (!campaign[options.templateField]) throw new ApiError(400, options.missingTemplate);
    if (!campaign.customerSegmentId) throw new ApiError(400, 'Escolha o segmento de clientes da campanha antes de enviar.');
    try {
      return await startCampaignSend(firestore, {
        project,
        channel: options.channel,
        campaignId,
        caller: { uid: caller.uid, email: caller.email },
        enqueue: enqueueTask,
      });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(502, `Fila de tarefas: não foi possível iniciar o envio (${(error as Error).message}). Tente de novo: o envio não se repete.`);
    }
  };
}
