/**
 * The pure send plan of a campaign, whatever the channel (e-mail now, WhatsApp in issue 16): the
 * segment's members at send time become recipients, one per address; unsubscribed, competitor and
 * address-less members are left out with their reason; the rest are cut into batches of the
 * channel's size. Everything is deterministic (sorted by address, keys hashed), so planning twice
 * gives the same batches and the same keys — the per-batch idempotency the send job relies on.
 */

/** One member of a segment snapshot (customers, or explicit addresses with no customer). */
export interface SegmentMember {
  customerId: string | null;
  email: string | null;
  phoneNumber: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** A campaign-email-preference (or the channel's equivalent), by normalised address. */
export interface RecipientPreference {
  unsubscribed?: boolean;
  competitor?: boolean;
}

export type LeftOutReason = 'unsubscribed' | 'competitor' | 'no-address' | 'duplicate';

export const LEFT_OUT_LABELS: Record<LeftOutReason, string> = {
  unsubscribed: 'descadastrado',
  competitor: 'concorrente',
  'no-address': 'sem e-mail',
  duplicate: 'endereço repetido',
};

export interface LeftOutMember {
  customerId: string | null;
  /** The address as given (may be empty or invalid). */
  address: string | null;
  reason: LeftOutReason;
}

export interface PlannedRecipient {
  /** Hash of the normalised address: the recipient's id in stores and in custom args (no personal data). */
  key: string;
  /** Normalised address (lower-cased e-mail, E.164 phone). */
  address: string;
  customerId: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface PlannedBatch {
  index: number;
  /** Deterministic per send and batch: the provider-side marker used to reconcile an unknown outcome. */
  key: string;
  recipients: PlannedRecipient[];
}

export interface SendPlan {
  batches: PlannedBatch[];
  leftOut: LeftOutMember[];
  total: number;
}

/** How a channel addresses a member and how many recipients one provider call may carry. */
export interface ChannelAddressing {
  /** The member's normalised address, or null when the member cannot be reached on this channel. */
  address(member: SegmentMember): string | null;
  batchSize: number;
}

const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;

/** A lower-cased, trimmed e-mail address, or null when it is not one. */
export function normaliseEmail(value: string | null | undefined): string | null {
  const text = (value ?? '').trim().toLowerCase();
  return text.length <= 254 && EMAIL.test(text) ? text : null;
}

export const emailAddressing: ChannelAddressing = {
  address: (member) => normaliseEmail(member.email),
  // SendGrid: at most 1,000 personalizations (and recipients) per Mail Send request.
  batchSize: 1000,
};

/**
 * Members as recipients, in their order: deduplicated by address (the first one wins, so an
 * explicit e-mail that is also a customer keeps the customer; `seen` holds the addresses met so
 * far, across the pages of one snapshot), left out when unsubscribed, competitor or unreachable.
 */
export function recipientsOf(
  members: readonly SegmentMember[],
  preferences: ReadonlyMap<string, RecipientPreference>,
  addressing: ChannelAddressing,
  hash: (text: string) => string,
  seen: Set<string> = new Set(),
): { recipients: PlannedRecipient[]; leftOut: LeftOutMember[] } {
  const leftOut: LeftOutMember[] = [];
  const recipients: PlannedRecipient[] = [];
  for (const member of members) {
    const address = addressing.address(member);
    const given = member.email ?? member.phoneNumber ?? null;
    if (!address) {
      leftOut.push({ customerId: member.customerId, address: given, reason: 'no-address' });
      continue;
    }
    if (seen.has(address)) continue; // the same person twice is one recipient, not a left-out
    seen.add(address);
    const preference = preferences.get(address);
    if (preference?.unsubscribed) {
      leftOut.push({ customerId: member.customerId, address, reason: 'unsubscribed' });
      continue;
    }
    if (preference?.competitor) {
      leftOut.push({ customerId: member.customerId, address, reason: 'competitor' });
      continue;
    }
    recipients.push({
      key: hash(address),
      address,
      customerId: member.customerId,
      firstName: member.firstName?.trim() || null,
      lastName: member.lastName?.trim() || null,
    });
  }
  return { recipients, leftOut };
}

/**
 * The plan: the recipients (recipientsOf) sorted by address, cut into batches. `hash` maps text
 * to a short stable id (sha-256 hex on the server); `sendKey` names this send, so batch keys
 * differ between campaigns.
 */
export function planSend(
  members: readonly SegmentMember[],
  preferences: ReadonlyMap<string, RecipientPreference>,
  addressing: ChannelAddressing,
  { sendKey, hash }: { sendKey: string; hash: (text: string) => string },
): SendPlan {
  if (!Number.isInteger(addressing.batchSize) || addressing.batchSize < 1) throw new Error('batchSize must be a positive integer');
  const { recipients, leftOut } = recipientsOf(members, preferences, addressing, hash);
  recipients.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  const batches: PlannedBatch[] = [];
  for (let start = 0; start < recipients.length; start += addressing.batchSize) {
    const index = batches.length;
    batches.push({ index, key: hash(`${sendKey}\n${index}`), recipients: recipients.slice(start, start + addressing.batchSize) });
  }
  return { batches, leftOut, total: recipients.length };
}

/** Preferences keyed by normalised address, from campaign-email-preference documents. */
export function preferencesByEmail(docs: readonly { id: string; data: Record<string, unknown> }[]): Map<string, RecipientPreference> {
  const map = new Map<string, RecipientPreference>();
  for (const { id, data } of docs) {
    const address = normaliseEmail(typeof data.email === 'string' && data.email ? data.email : id);
    if (!address) continue;
    const current = map.get(address) ?? {};
    // Two documents for one address: either one's opt-out wins.
    map.set(address, { unsubscribed: current.unsubscribed || data.unsubscribed === true, competitor: current.competitor || data.competitor === true });
  }
  return map;
}

/**
 * State of one recipient inside a stored batch: pending (to send), sending (a call started whose
 * outcome is not recorded: reconciled with the provider before any new attempt), or settled —
 * sent (the provider accepted it), failed, opted-out, unknown (the provider never confirmed nor
 * denied it: 'sem confirmação', never counted as sent nor resent).
 */
export type RecipientSendState = 'pending' | 'sending' | 'sent' | 'failed' | 'opted-out' | 'unknown';
