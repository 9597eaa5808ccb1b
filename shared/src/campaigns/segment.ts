/**
 * How a customer-segment's lists combine (the spec leaves it open; decided here, shown in the
 * screen's help and in functions/src/campaigns/README.md, 'Segments'):
 *
 *   members = emails ∪ group₁ ∪ group₂ ∪ …   (one group per entry of `rules`)
 *   group   = (base ∩ every rulesInOnly condition) − any rulesNotIn condition
 *   base    = customers matching any rulesIn condition; every customer when rulesIn is empty
 *
 * So 'Incluir' widens, 'Incluir somente' narrows, 'Excluir' removes, within a group; the explicit
 * e-mails are always members (they were typed on purpose); a group with no conditions at all adds
 * nobody. A condition matches a customer when the customer, with their events, shipping quotes and
 * purchases, satisfies it (the condition core decides).
 */

export interface SegmentRuleGroup<C> {
  rulesIn: readonly C[];
  rulesInOnly: readonly C[];
  rulesNotIn: readonly C[];
}

export const SEGMENT_HELP =
  'Membros = e-mails da lista + clientes de cada grupo de regras. Em cada grupo: quem atende a qualquer condição de "Incluir" ' +
  '(todos os clientes, se "Incluir" estiver vazio), e que atende a todas as condições de "Incluir somente", ' +
  'menos quem atende a qualquer condição de "Excluir". Um grupo sem condições não inclui ninguém. ' +
  'Com um segmento pai, só entram os membros do pai (ex.: "VIP — região Sul" dentro de "Clientes VIP" lista apenas VIPs). ' +
  'No envio ficam de fora os descadastrados, os concorrentes e quem não tem e-mail.';

/** Customer ids of a segment's rule groups; `matches(condition)` is the set of customers it matches. */
export function segmentCustomerIds<C>(
  groups: readonly SegmentRuleGroup<C>[],
  allCustomerIds: readonly string[],
  matches: (condition: C) => ReadonlySet<string>,
): Set<string> {
  const members = new Set<string>();
  for (const group of groups) {
    if (group.rulesIn.length + group.rulesInOnly.length + group.rulesNotIn.length === 0) continue;
    let base: Set<string>;
    if (group.rulesIn.length === 0) base = new Set(allCustomerIds);
    else {
      base = new Set();
      for (const condition of group.rulesIn) for (const id of matches(condition)) base.add(id);
    }
    for (const condition of group.rulesInOnly) {
      const only = matches(condition);
      for (const id of base) if (!only.has(id)) base.delete(id);
    }
    for (const condition of group.rulesNotIn) for (const id of matches(condition)) base.delete(id);
    for (const id of base) members.add(id);
  }
  return members;
}

/** The stored `rules` field as groups (missing lists are empty). */
export function segmentGroups(rules: unknown): SegmentRuleGroup<unknown>[] {
  if (!Array.isArray(rules)) return [];
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((c) => c && typeof c === 'object') : []);
  return rules
    .filter((g): g is Record<string, unknown> => Boolean(g) && typeof g === 'object')
    .map((g) => ({ rulesIn: list(g.rulesIn), rulesInOnly: list(g.rulesInOnly), rulesNotIn: list(g.rulesNotIn) }));
}

/**
 * A child segment's members kept to its parent's: a member is in the parent when it is the same
 * customer, or (for an address typed without a customer record) the same e-mail, case aside.
 */
export function membersWithinParent<M extends { customerId: string | null; email: string | null }>(members: readonly M[], parent: readonly M[]): M[] {
  const ids = new Set(parent.map((m) => m.customerId).filter((id): id is string => Boolean(id)));
  const emails = new Set(parent.map((m) => m.email?.trim().toLowerCase()).filter((e): e is string => Boolean(e)));
  return members.filter((m) => (m.customerId ? ids.has(m.customerId) : Boolean(m.email) && emails.has(m.email!.trim().toLowerCase())));
}
