/**
 * The sending limits of a WhatsApp number, from config/waba (functions/src/whatsapp/README.md, 'Pace and tier'):
 *
 * - `wabaMessagesPerSecond`: the number's Cloud API throughput (Meta's default 80 msg/s; up to
 *   1,000 for upgraded numbers). The send paces every call from the number under it.
 * - `wabaMessagingTier`: the business's messaging tier, the unique users it may start
 *   conversations with in a rolling 24 h — Meta's names TIER_50, TIER_250, TIER_1K, TIER_2K,
 *   TIER_10K, TIER_100K, TIER_UNLIMITED, or a number. Not set: no tier check (the store has not
 *   told us; Meta then refuses with 131049/130472 what is over).
 */
export interface WabaLimits {
  messagesPerSecond: number;
  /** Unique recipients per rolling 24 h; null when unlimited or not configured. */
  uniqueRecipientsPer24h: number | null;
  /** The tier as configured (TIER_1K…), null when not set. */
  tier: string | null;
}

export const DEFAULT_MESSAGES_PER_SECOND = 80;

const TIERS: Record<string, number | null> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1_000,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: null,
};

export function parseWabaLimits(data: Record<string, unknown> | null | undefined, fallbackMessagesPerSecond = DEFAULT_MESSAGES_PER_SECOND): WabaLimits {
  const rate = Number(data?.wabaMessagesPerSecond);
  const messagesPerSecond = Number.isFinite(rate) && rate > 0 ? Math.min(rate, 1_000) : fallbackMessagesPerSecond;
  const raw = data?.wabaMessagingTier;
  if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0) return { messagesPerSecond, uniqueRecipientsPer24h: raw, tier: `TIER_${raw}` };
  if (typeof raw === 'string' && raw.trim()) {
    const tier = raw.trim().toUpperCase();
    const numeric = /^\d+$/.test(tier) ? Number(tier) : undefined;
    if (numeric) return { messagesPerSecond, uniqueRecipientsPer24h: numeric, tier: `TIER_${numeric}` };
    if (tier in TIERS) return { messagesPerSecond, uniqueRecipientsPer24h: TIERS[tier]!, tier };
  }
  return { messagesPerSecond, uniqueRecipientsPer24h: null, tier: null };
}

/**
 * Whether a campaign to `campaignNumbers` fits the tier, given the numbers messaged in the last
 * 24 h (a number already messaged does not count again); the Portuguese message when it does not.
 */
export function tierCheck(
  limits: WabaLimits,
  campaignNumbers: ReadonlySet<string>,
  recentNumbers: ReadonlySet<string>,
): { ok: true } | { ok: false; message: string; wouldReach: number } {
  const limit = limits.uniqueRecipientsPer24h;
  if (limit === null) return { ok: true };
  let fresh = 0;
  for (const n of campaignNumbers) if (!recentNumbers.has(n)) fresh += 1;
  const wouldReach = recentNumbers.size + fresh;
  if (wouldReach <= limit) return { ok: true };
  const fmt = (n: number) => n.toLocaleString('pt-BR');
  return {
    ok: false,
    wouldReach,
    message:
      `Envio não iniciado: esta campanha alcançaria ${fmt(wouldReach)} números únicos em 24 h ` +
      `(${fmt(fresh)} da campanha + ${fmt(recentNumbers.size)} já contatados nas últimas 24 h), acima do limite do seu nível de mensagens na Meta ` +
      `(${fmt(limit)} por 24 h). Divida o segmento em partes menores ou envie depois.`,
  };
}
