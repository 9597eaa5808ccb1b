import {
  PRODUCT_FACT_NAMES,
  READINESS_CHANNELS,
  channelReadiness,
  rulesVersion,
  type ProductFacts,
  type ProductReadiness,
  type ReadinessChannel,
  type ReadinessCheck,
  type ReadinessFailureCode,
  type ReadinessRules,
} from '@console/shared';
import { PRODUCT_FACT_COLUMNS, factColumn } from '../warehouse/customer-tables.js';

/**
 * The readiness rules as one SQL statement, so the warehouse evaluates a whole catalogue (issue 29,
 * 'Scale'): the same data the evaluator runs (shared/src/readiness), over a table of product facts
 * (one row per product, one column per fact). DuckDB locally, BigQuery in production: the two
 * dialects differ only in the spellings below; `readiness-sql.test.ts` runs the DuckDB statement
 * against the evaluator on random products, and ZetaSQL analyses the BigQuery one.
 */
export type ReadinessDialect = 'duckdb' | 'bigquery';

/** The facts table's columns and their SQL types (the warehouse's `product_facts`, customer-tables.ts). */
export function factColumns(dialect: ReadinessDialect): [string, string][] {
  const text = dialect === 'duckdb' ? 'VARCHAR' : 'STRING';
  const number = dialect === 'duckdb' ? 'DOUBLE' : 'FLOAT64';
  return PRODUCT_FACT_COLUMNS.map(([column, kind]) => [column, kind === 'string' ? text : number]);
}

/** A row of the facts table for a product. */
export function factsRow(id: string, facts: ProductFacts): Record<string, string | number | null> {
  return { id, ...Object.fromEntries(PRODUCT_FACT_NAMES.map((fact) => [factColumn(fact), facts[fact]])) };
}

interface Dialect {
  /** A digit as a number; NULL (not an error) for anything else: a branch not taken may still be computed. */
  digit(text: string): string;
  fullMatch(column: string, pattern: string): string;
  /** The GS1 check digit (mod 10) of the digits before the last, as an integer expression. */
  gtinCheckDigit(column: string): string;
  inNcmTable(digits: string): string;
}

const DIALECTS: Record<ReadinessDialect, Dialect> = {
  duckdb: {
    digit: (text) => `TRY_CAST(${text} AS INTEGER)`,
    fullMatch: (column, pattern) => `regexp_full_match(${column}, '${pattern}')`,
    gtinCheckDigit: (c) => closedFormCheckDigit(c, (text) => `TRY_CAST(${text} AS INTEGER)`, 'lpad'),
    // An uncorrelated IN (SELECT …): a hash semi-join, not a scan of the 10,504 codes per product.
    inNcmTable: (digits) => `${digits} IN (SELECT unnest($ncm))`,
  },
  bigquery: {
    digit: (text) => `SAFE_CAST(${text} AS INT64)`,
    fullMatch: (column, pattern) => `REGEXP_CONTAINS(${column}, r'^${pattern}$')`,
    gtinCheckDigit: (c) => closedFormCheckDigit(c, (text) => `SAFE_CAST(${text} AS INT64)`, 'LPAD'),
    inNcmTable: (digits) => `${digits} IN UNNEST(@ncm)`,
  },
};

/**
 * GS1's check digit without a subquery: the GTIN left-padded to 14 digits (GTIN-8, -12 and -13 are
 * GTIN-14s with leading zeros), positions 1 to 13 weighted 3, 1, 3, … from the left.
 */
function closedFormCheckDigit(c: string, digit: (text: string) => string, lpad: string): string {
  const padded = `${lpad}(${c}, 14, '0')`;
  const terms = Array.from({ length: 13 }, (_, k) => `${digit(`SUBSTR(${padded}, ${k + 1}, 1)`)} * ${k % 2 === 0 ? 3 : 1}`);
  return `MOD(10 - MOD(${balancedSum(terms)}, 10), 10)`;
}

/** a + b + … as a balanced tree: a flat chain of 13 additions nests too deep for ZetaSQL's answer. */
function balancedSum(terms: string[]): string {
  if (terms.length === 1) return terms[0]!;
  const half = Math.ceil(terms.length / 2);
  return `(${balancedSum(terms.slice(0, half))} + ${balancedSum(terms.slice(half))})`;
}

/** The check's failures in order, as (condition, code) pairs; the first that holds is the failure. */
function failureConditions(check: ReadinessCheck, d: Dialect): [string, ReadinessFailureCode][] {
  switch (check.kind) {
    case 'present':
      return [[`${factColumn(check.fact)} IS NULL`, 'missing']];
    case 'textLength': {
      const c = factColumn(check.fact);
      const out: [string, ReadinessFailureCode][] = [[`${c} IS NULL`, 'missing']];
      if (check.min !== undefined) out.push([`LENGTH(${c}) < ${check.min}`, 'tooShort']);
      if (check.max !== undefined) out.push([`LENGTH(${c}) > ${check.max}`, 'tooLong']);
      return out;
    }
    case 'atLeast': {
      const c = factColumn(check.fact);
      return [[`${c} IS NULL OR ${c} < ${check.min}`, 'tooLow']];
    }
    case 'between': {
      const c = factColumn(check.fact);
      return [
        [`${c} IS NULL`, 'missing'],
        [`${c} < ${check.min} OR ${c} > ${check.max}`, 'outOfRange'],
      ];
    }
    case 'gtin':
      return [
        ...(check.required ? ([['gtin IS NULL', 'missing']] as [string, ReadinessFailureCode][]) : []),
        [`gtin IS NOT NULL AND NOT ${d.fullMatch('gtin', '(\\d{8}|\\d{12,14})')}`, 'format'],
        [`gtin IS NOT NULL AND ${d.digit('SUBSTR(gtin, LENGTH(gtin), 1)')} <> ${d.gtinCheckDigit('gtin')}`, 'checkDigit'],
      ];
    case 'ncm':
      return [
        ['ncm IS NULL', 'missing'],
        [`NOT ${d.fullMatch('ncm', '\\d{4}\\.?\\d{2}\\.?\\d{2}')}`, 'format'],
        [`NOT ${d.inNcmTable("REPLACE(ncm, '.', '')")}`, 'unknown'],
      ];
    case 'cest':
      return [[`cest IS NOT NULL AND NOT ${d.fullMatch('cest', '\\d{2}\\.?\\d{3}\\.?\\d{2}')}`, 'format']];
    case 'origin':
      return [[`origin IS NOT NULL AND NOT ${d.fullMatch('origin', '[0-8]')}`, 'format']];
  }
}

/** One text column per channel: the failed rules as 'rule:code', comma-separated ('' when ready). */
function channelColumns(rules: ReadinessRules, dialect: ReadinessDialect, only?: ReadinessChannel): string[] {
  const d = DIALECTS[dialect];
  return READINESS_CHANNELS.filter((channel) => !only || channel === only).map((channel) => {
    const parts = rules[channel].map((rule) => {
      const whens = failureConditions(rule.check, d)
        .map(([condition, code]) => `WHEN ${condition} THEN '${rule.id}:${code}'`)
        .join(' ');
      return `CASE ${whens} END`;
    });
    const joined = dialect === 'duckdb' ? `concat_ws(',', ${parts.join(', ')})` : `ARRAY_TO_STRING([${parts.join(', ')}], ',')`;
    return `${joined} AS ${channel}`;
  });
}

/**
 * Every product's readiness: `SELECT id, site, magalu, … FROM <facts> WHERE project = <p>`, each
 * channel column listing the rules it fails. Parameters: project, ncm (the NCM table's codes).
 */
export function catalogueReadinessSql(table: string, rules: ReadinessRules, dialect: ReadinessDialect, only?: ReadinessChannel): string {
  const p = dialect === 'duckdb' ? '$project' : '@project';
  return `SELECT id, ${channelColumns(rules, dialect, only).join(', ')} FROM ${table} WHERE project = ${p}`;
}

/**
 * One page of a background run (readiness-run.ts): the readiness of the products `ids` of the
 * warehouse's facts table (`product_facts`, kept by the readiness trigger), with each row's
 * `update_time_us` so the run uses only rows as fresh as the products it read. Parameters:
 * project, ncm, ids.
 */
export function pageReadinessSql(table: string, rules: ReadinessRules, dialect: ReadinessDialect): string {
  const [p, ids] = dialect === 'duckdb' ? ['$project', 'IN (SELECT unnest($ids))'] : ['@project', 'IN UNNEST(@ids)'];
  return `SELECT id, update_time_us, ${channelColumns(rules, dialect).join(', ')} FROM ${table} WHERE project = ${p} AND deleted = 0 AND id ${ids}`;
}

/**
 * The product list filtered by readiness, answered by the warehouse: the first `limit` ids (after
 * `after`, in id order) not ready for the channel. Parameters: project, ncm, after, limit.
 */
export function notReadyIdsSql(table: string, rules: ReadinessRules, dialect: ReadinessDialect, channel: ReadinessChannel): string {
  const [after, limit] = dialect === 'duckdb' ? ['$after', '$limit'] : ['@after', '@limit'];
  return `SELECT id FROM (${catalogueReadinessSql(table, rules, dialect, channel)}) AS readiness WHERE ${channel} <> '' AND id > ${after} ORDER BY id LIMIT ${limit}`;
}

/** A row of catalogueReadinessSql's answer as the product's stored readiness. */
export function readinessFromRow(row: Record<string, unknown>, rules: ReadinessRules): ProductReadiness {
  const channels: ProductReadiness['channels'] = {};
  const notReady: ReadinessChannel[] = [];
  for (const channel of READINESS_CHANNELS) {
    const failed = new Map<string, ReadinessFailureCode>();
    for (const entry of String(row[channel] ?? '').split(',')) {
      const [rule, code] = entry.split(':');
      if (rule && code) failed.set(rule, code as ReadinessFailureCode);
    }
    const result = channelReadiness(rules[channel], failed);
    channels[channel] = result;
    if (result.failures.length) notReady.push(channel);
  }
  return { version: rulesVersion(rules), channels, notReady };
}
