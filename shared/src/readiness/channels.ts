import { PRICING_RULE_STORE_LABELS, PRICING_RULE_STORES } from '../collections/index.js';

/** The channels a product is made ready for: the store's own site and the four marketplaces (document 1 §7). */
export const READINESS_CHANNELS = PRICING_RULE_STORES;
export type ReadinessChannel = (typeof READINESS_CHANNELS)[number];

export const READINESS_CHANNEL_LABELS: Record<ReadinessChannel, string> = PRICING_RULE_STORE_LABELS;

export function isReadinessChannel(value: unknown): value is ReadinessChannel {
  return typeof value === 'string' && (READINESS_CHANNELS as readonly string[]).includes(value);
}

/**
 * The channels a store sells on: its site always, and each marketplace an active pricing rule of
 * the store names (a store prices only where it sells), in the order of READINESS_CHANNELS.
 */
export function channelsOfStore(pricingRules: readonly { store?: unknown; isActive?: unknown }[]): ReadinessChannel[] {
  const named = new Set<ReadinessChannel>(['site']);
  for (const rule of pricingRules) if (rule.isActive !== false && isReadinessChannel(rule.store)) named.add(rule.store);
  return READINESS_CHANNELS.filter((channel) => named.has(channel));
}
