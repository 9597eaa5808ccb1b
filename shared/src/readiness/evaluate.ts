import { z } from 'zod';
import { READINESS_CHANNELS, type ReadinessChannel } from './channels.js';
import type { ProductFacts } from './facts.js';
import { gtinProblem, isCestFormat, isOriginCode, ncmDigits, type NcmLookup } from './fiscal.js';
import type { ReadinessCheck, ReadinessFailureCode, ReadinessRule, ReadinessRules } from './rules.js';

/** One rule a product fails on a channel, as the panel's checklist shows it. */
export const readinessFailureSchema = z.object({
  rule: z.string(),
  field: z.string(),
  label: z.string(),
  reason: z.string(),
});
export type ReadinessFailure = z.infer<typeof readinessFailureSchema>;

export const channelReadinessSchema = z.object({
  /** Rules passed out of the channel's rules, 0–100. */
  score: z.number(),
  failures: z.array(readinessFailureSchema),
});
export type ChannelReadiness = z.infer<typeof channelReadinessSchema>;

/** Stored with the product, `product/{code}.readiness`, so lists and filters read it without evaluating. */
export const productReadinessSchema = z.object({
  /** The rules it was computed with (rulesVersion): a rule change makes every stored result stale. */
  version: z.string(),
  channels: z.partialRecord(z.enum(READINESS_CHANNELS), channelReadinessSchema),
  /** The channels it is not ready for: the list's filter is one array-contains on it. */
  notReady: z.array(z.enum(READINESS_CHANNELS)),
});
export type ProductReadiness = z.infer<typeof productReadinessSchema>;

export const READINESS_FIELD = 'readiness';

/** How the check fails for these facts, or null when it passes. */
export function checkFailure(check: ReadinessCheck, facts: ProductFacts, isKnownNcm: NcmLookup): ReadinessFailureCode | null {
  switch (check.kind) {
    case 'present':
      return facts[check.fact] === null ? 'missing' : null;
    case 'textLength': {
      const value = facts[check.fact];
      if (value === null) return 'missing';
      const length = [...value].length;
      if (check.min !== undefined && length < check.min) return 'tooShort';
      if (check.max !== undefined && length > check.max) return 'tooLong';
      return null;
    }
    case 'atLeast': {
      const value = facts[check.fact];
      return value === null || value < check.min ? 'tooLow' : null;
    }
    case 'between': {
      const value = facts[check.fact];
      if (value === null) return 'missing';
      return value < check.min || value > check.max ? 'outOfRange' : null;
    }
    case 'gtin':
      if (facts.gtin === null) return check.required ? 'missing' : null;
      return gtinProblem(facts.gtin);
    case 'ncm': {
      if (facts.ncm === null) return 'missing';
      const digits = ncmDigits(facts.ncm);
      if (digits === null) return 'format';
      return isKnownNcm(digits) ? null : 'unknown';
    }
    case 'cest':
      return facts.cest === null || isCestFormat(facts.cest) ? null : 'format';
    case 'origin':
      return facts.origin === null || isOriginCode(facts.origin) ? null : 'format';
  }
}

function failureOf(rule: ReadinessRule, code: ReadinessFailureCode): ReadinessFailure {
  return { rule: rule.id, field: rule.field, label: rule.label, reason: rule.reasons[code] ?? `${rule.label}: inválido` };
}

/** A channel's result from the ids of the rules it fails (the warehouse answers those). */
export function channelReadiness(rules: readonly ReadinessRule[], failed: ReadonlyMap<string, ReadinessFailureCode>): ChannelReadiness {
  const failures = rules.flatMap((rule) => {
    const code = failed.get(rule.id);
    return code ? [failureOf(rule, code)] : [];
  });
  const score = rules.length ? Math.round((100 * (rules.length - failures.length)) / rules.length) : 100;
  return { score, failures };
}

/** The readiness of one product on every channel, from its facts: pure. */
export function evaluateReadiness(facts: ProductFacts, rules: ReadinessRules, isKnownNcm: NcmLookup): ProductReadiness {
  const channels: ProductReadiness['channels'] = {};
  const notReady: ReadinessChannel[] = [];
  for (const channel of READINESS_CHANNELS) {
    const failed = new Map<string, ReadinessFailureCode>();
    for (const rule of rules[channel]) {
      const code = checkFailure(rule.check, facts, isKnownNcm);
      if (code) failed.set(rule.id, code);
    }
    const result = channelReadiness(rules[channel], failed);
    channels[channel] = result;
    if (result.failures.length) notReady.push(channel);
  }
  return { version: rulesVersion(rules), channels, notReady };
}

const versions = new WeakMap<ReadinessRules, string>();

/** A short fingerprint of the rules (FNV-1a of their JSON): equal rules, equal version. */
export function rulesVersion(rules: ReadinessRules): string {
  const known = versions.get(rules);
  if (known) return known;
  const text = JSON.stringify(READINESS_CHANNELS.map((channel) => rules[channel].map(({ id, check, reasons }) => [id, check, reasons])));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  const version = hash.toString(36);
  versions.set(rules, version);
  return version;
}

/** The result's top blocking reasons (the home screen's chart): reason → products, most first. */
export function topReasons(results: Iterable<ChannelReadiness>, limit = 5): { reason: string; field: string; products: number }[] {
  const counts = new Map<string, { reason: string; field: string; products: number }>();
  for (const result of results) {
    for (const failure of result.failures) {
      const entry = counts.get(failure.reason) ?? { reason: failure.reason, field: failure.field, products: 0 };
      entry.products += 1;
      counts.set(failure.reason, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.products - a.products || a.reason.localeCompare(b.reason)).slice(0, limit);
}
