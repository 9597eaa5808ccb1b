import type { ChannelAddressing, PlannedRecipient, RecipientPreference } from '@console/shared';

/**
 * The seam between the generic send job (send-job.ts) and a messaging channel: e-mail
 * (email-channel.ts) now, WhatsApp next (issue 16). A channel says how to address a member and how
 * many recipients one provider call carries (`addressing`), where its campaigns and preferences
 * live, how to send one batch, and how to tell which recipients of a batch the provider already has
 * when an earlier attempt ended without a clear answer.
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

/** What happened to one recipient of a provider call. */
export type RecipientOutcome =
  | { state: 'sent' }
  /** Not sent, and trying again may work (throughput limits, transient errors). */
  | { state: 'retry'; reason: string }
  /** May or may not have been sent: settled with alreadySent before any new attempt. */
  | { state: 'unknown'; reason: string }
  /** Not sent and never will be as is (bad address, rejected content). */
  | { state: 'failed'; reason: string }
  /** The recipient opted out at the provider: never sent, and recorded as a preference. */
  | { state: 'opted-out'; reason: string };

export type BatchOutcome =
  /** Per-recipient outcomes (a batch API answers all alike; a per-message API one by one). */
  | { kind: 'results'; results: Map<string, RecipientOutcome> }
  /** Nothing was sent: wait until then (429 with its reset time) and try again. */
  | { kind: 'wait'; untilMs: number; reason: string }
  /** The whole call's fate is unknown (5xx, timeout, cut connection). */
  | { kind: 'unknown'; reason: string }
  /** Nothing was sent and retrying the same call will not help. */
  | { kind: 'refused'; reason: string };

export interface OpenChannel {
  send(batch: BatchRef, recipients: readonly PlannedRecipient[]): Promise<BatchOutcome>;
  /** Keys of `recipients` the provider already accepted in an earlier attempt of `batch`. */
  alreadySent(batch: BatchRef, recipients: readonly PlannedRecipient[]): Promise<Set<string>>;
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
export function sameOutcome(recipients: readonly PlannedRecipient[], outcome: RecipientOutcome): Map<string, RecipientOutcome> {
  return new Map(recipients.map((r) => [r.key, outcome]));
}
