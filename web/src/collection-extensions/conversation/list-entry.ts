import { useMemo } from 'react';
import { toDate } from '../../form-engine/value-formats';
import { formatDateTime } from '../../lib/format';
import { useCustomerNames } from '../../customers/use-customer-names';
import type { ListEntryRecord, ListEntryView } from '../types';

/** A conversation's second line: when its last message came and what it said. */
export function conversationListDetail(data: Record<string, unknown>): string | null {
  const text = typeof data.lastMessageText === 'string' ? data.lastMessageText.trim() : '';
  if (!text) return null;
  const at = formatDateTime(toDate(data.lastMessageAt));
  return at ? `${at} · ${text}` : text;
}

/** Conversations are listed by their customer's name, not the customer's id (document 2 §3: a conversation holds customerId). */
function useConversationTitles(projectId: string, entries: readonly ListEntryRecord[]): ReadonlyMap<string, string> {
  const customerIds = useMemo(() => entries.map((e) => e.data.customerId).filter((id): id is string => typeof id === 'string' && id !== ''), [entries]);
  const names = useCustomerNames(projectId, customerIds);
  return useMemo(() => {
    const titles = new Map<string, string>();
    for (const entry of entries) {
      const name = typeof entry.data.customerId === 'string' ? names.get(entry.data.customerId) : undefined;
      if (name) titles.set(entry.id, name);
    }
    return titles;
  }, [entries, names]);
}

export const conversationListEntry: ListEntryView = { detail: conversationListDetail, useTitles: useConversationTitles };
