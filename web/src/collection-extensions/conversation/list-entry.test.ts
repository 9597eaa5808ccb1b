import { describe, expect, it } from 'vitest';
import { conversationListDetail } from './list-entry';

describe("a conversation's second line in the list", () => {
  it('shows when the last message came and what it said', () => {
    const detail = conversationListDetail({ lastMessageText: 'Recebi, obrigado!', lastMessageAt: new Date('2026-11-14T12:56:00Z') });
    expect(detail).toMatch(/^14\/11\/2026,? \d\d:\d\d · Recebi, obrigado!$/);
  });

  it('is empty for a conversation without messages', () => {
    expect(conversationListDetail({ customerId: 'c1' })).toBeNull();
    expect(conversationListDetail({ lastMessageText: '  ' })).toBeNull();
  });
});
