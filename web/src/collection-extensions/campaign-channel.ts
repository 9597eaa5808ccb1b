import { consoleCampaignEmailSendEndpoint, consoleCampaignWhatsappSendEndpoint } from '@console/shared';
import { callApi } from '../lib/api';
import { CAMPAIGN_TEXTS } from '../campaigns/ui';
import { registerCollectionExtension } from './registry';
import type { DocumentAction, DocumentPanel } from './types';

/** The collections of the campaign channels (document 3 §2), each with the same 'Enviar'. */
export type CampaignCollection = 'campaign-email' | 'campaign-whatsapp';

const SEND_ENDPOINTS = { 'campaign-email': consoleCampaignEmailSendEndpoint, 'campaign-whatsapp': consoleCampaignWhatsappSendEndpoint } as const;

/**
 * Registers a campaign channel: 'Enviar' (the same confirmation and send job on every channel)
 * first, then the channel's own actions and panels.
 */
export function registerCampaignChannel(
  collectionId: CampaignCollection,
  { actions = [], panels }: { actions?: DocumentAction[]; panels: DocumentPanel[] },
): void {
  const send: DocumentAction = {
    id: 'send',
    label: CAMPAIGN_TEXTS.send,
    confirm: CAMPAIGN_TEXTS.confirmSend,
    async run({ projectId, docId }) {
      const answer = await callApi(SEND_ENDPOINTS[collectionId], { params: { id: docId }, project: projectId });
      if (answer.started) return CAMPAIGN_TEXTS.started;
      // 'Enviar' never restarts a paused or cancelled send: say so instead of 'já foi enviada'.
      if (answer.state.status === 'paused') return CAMPAIGN_TEXTS.alreadyPaused;
      if (answer.state.status === 'cancelled') return CAMPAIGN_TEXTS.alreadyCancelled;
      return CAMPAIGN_TEXTS.alreadyStarted;
    },
  };
  registerCollectionExtension(collectionId, { actions: [send, ...actions], panels });
}
