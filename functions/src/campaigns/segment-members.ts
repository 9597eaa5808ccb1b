import type { Firestore } from 'firebase-admin/firestore';
import { PROJECT_COLLECTION, membersWithinParent, normaliseEmail, segmentCustomerIds, segmentGroups, type SegmentMember } from '@console/shared';
import { PermanentSendError } from './send-channel.js';
import { matchSegmentConditions } from './segment-conditions.js';

/**
 * The members of a customer-segment, now: its explicit `emails` and the customers its rule groups
 * select (shared/src/campaigns/segment.ts says how the lists combine; segment-conditions.ts
 * evaluates the conditions with the condition core). A segment with a `parent` selects within its
 * parent's members ('VIP — região Sul' under 'Clientes VIP' lists VIPs only), up the whole chain.
 */

interface CustomerRow {
  id: string;
  email: string | null;
  phoneNumber: string | null;
  firstName: string | null;
  lastName: string | null;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export async function loadSegmentMembers(firestore: Firestore, project: string, segmentId: unknown): Promise<SegmentMember[]> {
  if (typeof segmentId !== 'string' || !segmentId || segmentId.includes('/')) throw new PermanentSendError('Escolha o segmento de clientes.');
  const base = `${PROJECT_COLLECTION}/${project}`;
  // The segment and the customers are read at once (the customers do not depend on the segment).
  // Only the fields a member needs: a customer document can be large (addresses, orders, notes).
  const [segmentSnap, customersSnap] = await Promise.all([
    firestore.doc(`${base}/customer-segment/${segmentId}`).get(),
    firestore.collection(`${base}/customer`).select('email', 'phoneNumber', 'firstName', 'lastName').get(),
  ]);
  const segment = segmentSnap.data();
  if (!segment) throw new PermanentSendError('Segmento de clientes não encontrado.');
  const customers: CustomerRow[] = customersSnap.docs.map((d) => {
    const c = d.data();
    return { id: d.id, email: text(c.email), phoneNumber: text(c.phoneNumber), firstName: text(c.firstName), lastName: text(c.lastName) };
  });
  const byId = new Map(customers.map((c) => [c.id, c]));
  const byEmail = new Map(customers.filter((c) => c.email).map((c) => [c.email!.toLowerCase(), c]));

  const seen = new Set<string>();
  async function membersOf(id: string, data: Record<string, unknown>): Promise<SegmentMember[]> {
    seen.add(id);
    const own = await ownMembers(data);
    const parentId = typeof data.parent === 'string' && data.parent && !data.parent.includes('/') ? data.parent : null;
    // A parent that is missing, or a loop back to a segment already on the chain, narrows nothing.
    if (!parentId || seen.has(parentId)) return own;
    const parent = (await firestore.doc(`${base}/customer-segment/${parentId}`).get()).data();
    return parent ? membersWithinParent(own, await membersOf(parentId, parent)) : own;
  }

  async function ownMembers(segment: Record<string, unknown>): Promise<SegmentMember[]> {
    const members: SegmentMember[] = [];
    const explicit = Array.isArray(segment.emails) ? segment.emails : typeof segment.emails === 'string' ? segment.emails.split(/\r?\n/) : [];
    for (const raw of explicit) {
      const given = text(raw);
      if (!given) continue;
      const customer = byEmail.get(normaliseEmail(given) ?? given.toLowerCase());
      members.push(
        customer
          ? { customerId: customer.id, email: customer.email, phoneNumber: customer.phoneNumber, firstName: customer.firstName, lastName: customer.lastName }
          : { customerId: null, email: given, phoneNumber: null, firstName: null, lastName: null },
      );
    }

    const groups = segmentGroups(segment.rules);
    const conditions = groups.flatMap((g) => [...g.rulesIn, ...g.rulesInOnly, ...g.rulesNotIn]);
    if (conditions.length) {
      const matches = await matchSegmentConditions(firestore, project, conditions);
      const ids = segmentCustomerIds(
        groups,
        customers.map((c) => c.id),
        (c) => matches.get(c) ?? new Set(),
      );
      for (const id of [...ids].sort()) {
        const c = byId.get(id);
        if (c) members.push({ customerId: c.id, email: c.email, phoneNumber: c.phoneNumber, firstName: c.firstName, lastName: c.lastName });
      }
    }
    return members;
  }

  return membersOf(segmentId, segment);
}
