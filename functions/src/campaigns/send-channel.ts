import type { ChannelAddressing, PlannedRecipient, RecipientPreference } from '@console/shared';

/**
 * The send-channel interface: the seam between the one send job (send-job.ts) and a messaging
 * channel, a plug-in — e-mail (email-channel.ts, SendGrid) and WhatsApp (whatsapp-channel.ts, the
 * Cloud API), both built with their params in channel-registry.ts. A channel says
 * how to address a member, where its campaigns and preferences live, how to send a chunk of
 * recipients (retrying what the provider did not take) and how to ask the provider about
 * recipients whose call ended without an answer. Exactly-once is the job's, for every channel: a
 * channel never decides on its own whether to send someone again.
 */
export interface SendChannel {
  /** 'email', 'whatsapp': the send document is campaign-send/{id}-{campaignId}. */
  id: string;
  /** Collection of this channel's campaigns (campaign-email, campaign-whatsapp). */
  campaignCollection: string;
  addressing: ChannelAddressing;
  /** Opt-outs and competitors by normalised address. */
  loadPreferences(project: string): Promise<Map<string, RecipientPreference>>;
  /**
   * Loads what every batch of the campaign needs (template, sender, credentials). Throws
   * PermanentSendError for a problem retrying will not fix (no template, no sender).
   */
  open(context: SendContext): Promise<OpenChannel>;
}

export interface SendContext {
  project: string;
  campaignId: string;
  /** The campaign document. */
  campaign: Record<string, unknown>;
  /** campaign-send/{sendId}: also the provider-side marker of this send. */
  sendId: string;
}

export interface BatchRef {
  index: number;
  /** Deterministic per send and batch (hash): sent along with every message of the batch. */
  key: string;
}

/** What happened to one recipient of a send() call. */
export type RecipientOutcome =
  | { state: 'sent' }
  /** The provider did not take it (5xx, 429, connection refused) even after the retries: try again later. */
  | { state: 'retry'; reason: string }
  /** No answer after the request left: may have been sent. Reconciled (settle) before any new attempt. */
  | { state: 'unknown'; reason: string }
  /** Not sent and never will be as is (bad address, rejected content). */
  | { state: 'failed'; reason: string }
  /** The recipient opted out at the provider: never sent, and recorded as a preference. */
  | { state: 'opted-out'; reason: string };

/** What the provider says of a recipient whose call ended without a clear answer. */
export type SettledOutcome =
  | { state: 'sent' }
  | { state: 'failed'; reason: string }
  | { state: 'opted-out'; reason: string }
  /** The provider has no message for it (its records are complete by now): safe to send. */
  | { state: 'not-sent' }
  /** Cannot tell yet (indexing delay, the reconciliation API limited or down): ask again later. */
  | { state: 'unknown'; reason: string };

/** A recipient the send job is reconciling: `since` is when its call started (ms). */
export interface InDoubtRecipient extends PlannedRecipient {
  since: number;
}

export interface OpenChannel {
  /** Recipients one send() call carries (the job marks them 'sending' before it). */
  chunkSize: number;
  /**
   * send() calls the job may have running at once (default 1). The job claims each chunk's
   * recipients before its call, and prepares the next chunk while the current one is sent.
   */
  sendsAtOnce?: number;
  /**
   * `count` calls are about to be made: their account's first call slots may be reserved now, so
   * that store round trip overlaps the job's own write before the calls (optional).
   */
  prepareCalls?(count: number): void;
  /** The account pacer's figures (calls, waits, retries, holds) for the run's trace. */
  paceStats?(): Record<string, number>;
  /** Sends to every recipient (retrying what the provider did not take) and answers each one's outcome. */
  send(batch: BatchRef, recipients: readonly PlannedRecipient[]): Promise<Map<string, RecipientOutcome>>;
  /**
   * Asks the provider what became of recipients whose call ended without an answer (or whose
   * worker died): sent, failed, opted out, certainly not sent, or not known yet. A recipient
   * missing from the answer is not known yet.
   */
  settle(batch: BatchRef, recipients: readonly InDoubtRecipient[]): Promise<Map<string, SettledOutcome>>;
  /** Records a provider-side opt-out (optional). */
  recordOptOut?(recipient: PlannedRecipient): Promise<void>;
}

/** A problem of the campaign itself: the send stops as finished-with-error, not retried. */
export class PermanentSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentSendError';
  }
}

/** The same outcome for every recipient (a batch API that accepts or refuses the whole call). */
export function sameOutcome<T>(recipients: readonly PlannedRecipient[], outcome: T): Map<string, T> {
  return new Map(recipients.map((r) => [r.key, outcome]));
}
