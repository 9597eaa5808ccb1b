// Demo seed (readiness.mjs): every product's readiness per channel, as the functions store it
// (functions/src/readiness: the same shared rules and evaluator, the same NCM table), and one
// finished whole-catalogue run per store with its tally, so the home screen shows each channel's
// health right after `npm start` instead of 'não avaliados'.
import { READINESS_FIELD, evaluateReadiness, productFacts, productView, readinessOverrides, readinessRules, rulesVersion } from '@console/shared';
import { NOW, MINUTE, ts } from './values.mjs';
/** @import { Docs } from './types.js' */

/**
 * Adds `readiness` to every product of `docs` (in place) and a done `readiness-run` per store.
 * @param {Docs} docs every document of the seed, by path
 * @param {Set<string>} knownNcm the NCM table's codes (scripts/lib/ncm-codes.mjs)
 */
export function addReadiness(docs, knownNcm) {
  /** @type {Map<string, string[]>} product paths per store */
  const byStore = new Map();
  for (const path of Object.keys(docs)) {
    const [, project, collection, code] = path.split('/');
    if (collection !== 'product' || path.split('/').length !== 4) continue;
    byStore.set(project, [...(byStore.get(project) ?? []), code]);
  }
  for (const [project, codes] of byStore) {
    const rules = readinessRules(readinessOverrides(docs[`project/${project}/config/readiness`]));
    /** @type {Map<string, number>} */
    const tally = new Map();
    const count = (/** @type {string} */ key) => tally.set(key, (tally.get(key) ?? 0) + 1);
    for (const code of codes) {
      const product = /** @type {Record<string, unknown>} */ (docs[`project/${project}/product/${code}`]);
      const synced = /** @type {Record<string, unknown> | undefined} */ (docs[`project/${project}/product-data/${code}`]);
      const view = productView(product, synced ?? null, code);
      const readiness = evaluateReadiness(productFacts(/** @type {Record<string, unknown>} */ (view)), rules, (ncm8) => knownNcm.has(ncm8));
      product[READINESS_FIELD] = readiness;
      for (const [channel, result] of Object.entries(readiness.channels)) {
        if (!result) continue;
        if (result.failures.length) count(`${channel}.notReady`);
        for (const failure of result.failures) count(`${channel}.rules.${failure.rule}`);
      }
    }
    /** @type {Record<string, { notReady?: number; rules?: Record<string, number> }>} */
    const summary = {};
    for (const [key, n] of tally) {
      const [channel, kind, rule] = key.split('.');
      const entry = (summary[channel] ??= {});
      if (kind === 'notReady') entry.notReady = n;
      else (entry.rules ??= {})[rule] = n;
    }
    docs[`project/${project}/readiness-run/seed`] = {
      status: 'done',
      version: rulesVersion(rules),
      total: codes.length,
      done: codes.length,
      written: codes.length,
      cursor: codes.at(-1) ?? null,
      summary,
      startedAt: ts(NOW - 2 * MINUTE),
      finishedAt: ts(NOW - MINUTE),
      updatedAt: ts(NOW - MINUTE),
    };
  }
}
