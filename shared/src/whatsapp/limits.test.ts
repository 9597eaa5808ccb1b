import { describe, expect, it } from 'vitest';
import { parseWabaLimits, tierCheck } from './limits.js';

describe('WhatsApp limits from config/waba', () => {
  it('reads the pace and the tier, with Meta defaults when not set', () => {
    expect(parseWabaLimits({ wabaMessagesPerSecond: 20, wabaMessagingTier: 'TIER_1K' })).toEqual({
      messagesPerSecond: 20,
      uniqueRecipientsPer24h: 1000,
      tier: 'TIER_1K',
    });
    expect(parseWabaLimits({ wabaMessagingTier: 'tier_unlimited' }).uniqueRecipientsPer24h).toBeNull();
    expect(parseWabaLimits({ wabaMessagingTier: 300 }).uniqueRecipientsPer24h).toBe(300);
    expect(parseWabaLimits({})).toEqual({ messagesPerSecond: 80, uniqueRecipientsPer24h: null, tier: null });
    expect(parseWabaLimits({ wabaMessagesPerSecond: 'abc' }, 40).messagesPerSecond).toBe(40);
  });
  it('refuses a campaign over the tier, counting numbers already messaged in the last 24 h once', () => {
    const limits = parseWabaLimits({ wabaMessagingTier: 3 });
    expect(tierCheck(limits, new Set(['a', 'b']), new Set(['a'])).ok).toBe(true);
    const over = tierCheck(limits, new Set(['a', 'b', 'c']), new Set(['d']));
    expect(over.ok).toBe(false);
    if (!over.ok) {
      expect(over.wouldReach).toBe(4);
      expect(over.message).toContain('acima do limite do seu nível de mensagens na Meta (3 por 24 h)');
    }
    expect(tierCheck(parseWabaLimits({}), new Set(['a', 'b', 'c']), new Set()).ok).toBe(true);
  });
});
