import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { PROJECT_COLLECTION, sendStateSchema, type consoleCampaignEmailSendControlEndpoint, type SendControlAction, type SendState } from '@console/shared';
import { ApiError, notFound } from '../lib/api-error.js';
import { firestore } from '../lib/admin.js';
import type { EndpointRequest } from '../lib/endpoint.js';
import { enqueueTask } from './enqueue.js';
import { withStoreRetry } from '../lib/store-retry.js';
import { sendDocPath, sendId } from './send-store.js';
import type { Enqueue } from './start-send.js';

/**
 * The operator's controls of a running send (send panel: 'Pausar', 'Retomar', 'Cancelar'). They
 * change the send document only; the job reads it between chunks and stops (pause, cancel), and a
 * resume queues a new run. Recipients already settled stay settled; a cancelled send keeps its
 * pending recipients unsent for good.
 */
export async function controlCampaignSend(
  db: Firestore,
  {
    project,
    channel,
    campaignId,
    action,
    caller,
    enqueue,
  }: { project: string; channel: string; campaignId: string; action: SendControlAction; caller: { uid: string; email: string | null }; enqueue: Enqueue },
): Promise<SendState> {
  const ref = db.doc(sendDocPath(project, sendId(channel, campaignId)));
  const kick = await withStoreRetry(() =>
    db.runTransaction(async (tx) => {
      const send = (await tx.get(ref)).data();
      if (!send) throw new ApiError(404, 'Esta campanha ainda não foi enviada.');
      const status = String(send.status);
      const by = { uid: caller.uid, email: caller.email };
      if (action === 'pause') {
        if (status === 'paused') return null;
        if (status !== 'sending')
          throw new ApiError(
            409,
            status === 'preparing' ? 'O envio ainda está sendo preparado; tente pausar em instantes.' : 'Só um envio em andamento pode ser pausado.',
          );
        tx.update(ref, {
          status: 'paused',
          pausedReason: 'Pausado pelo operador.',
          pausedBy: by,
          pausedAt: FieldValue.serverTimestamp(),
          updatedAt: FieldValue.serverTimestamp(),
        });
        return null;
      }
      if (action === 'cancel') {
        if (status === 'cancelled') return null;
        if (status !== 'sending' && status !== 'paused')
          throw new ApiError(409, status === 'preparing' ? 'O envio ainda está sendo preparado; tente cancelar em instantes.' : 'Este envio já terminou.');
        tx.update(ref, { status: 'cancelled', cancelledBy: by, finishedAt: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() });
        return null;
      }
      if (status === 'sending') return null;
      if (status !== 'paused') throw new ApiError(409, 'Só um envio pausado pode ser retomado.');
      const next = Number(send.kicks ?? 0) + 1;
      tx.update(ref, {
        status: 'sending',
        pausedReason: null,
        consecutiveFailures: 0,
        resumedBy: by,
        kicks: next,
        kickedAt: Date.now(),
        updatedAt: FieldValue.serverTimestamp(),
      });
      return next;
    }),
  );
  if (kick !== null) await enqueue({ project, sendId: sendId(channel, campaignId), kick });
  return sendStateSchema.parse((await ref.get()).data());
}

/** POST /api/console/{collection}/{id}/send/{action}?project — one definition for every channel. */
export function campaignSendControlHandler(options: { channel: 'email' | 'whatsapp'; collection: string }) {
  return async ({ params, project, caller }: EndpointRequest<typeof consoleCampaignEmailSendControlEndpoint>) => {
    if (params.id.includes('/')) throw new ApiError(400, 'Campanha inválida.');
    const campaign = await firestore.doc(`${PROJECT_COLLECTION}/${project}/${options.collection}/${params.id}`).get();
    if (!campaign.exists) throw notFound('Campanha');
    try {
      const state = await controlCampaignSend(firestore, {
        project,
        channel: options.channel,
        campaignId: params.id,
        action: params.action,
        caller: { uid: caller.uid, email: caller.email },
        enqueue: enqueueTask,
      });
      return { state };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(502, 'Não foi possível mudar o envio agora. Tente de novo em instantes.');
    }
  };
}
