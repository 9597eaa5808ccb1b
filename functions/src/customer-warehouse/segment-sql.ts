import {
  compileCondition,
  conditionAttributes,
  findConditionAttribute,
  isOperatorNode,
  writeConditionGoogleSql,
  writeConditionSql,
  type ConditionAttribute,
  type ConditionNode,
  type SegmentRuleGroup,
} from '@console/shared';
import { attributeColumn, PRODUCT_ATTRIBUTES } from '../warehouse/customer-tables.js';
import type { QueryParam, WarehouseDialect } from '../warehouse/warehouse.js';

/**
 * A customer-segment as one parameterised query over the warehouse mirror, in the warehouse's
 * dialect (DuckDB locally, GoogleSQL on BigQuery: the condition core writes both). Each condition is the condition core's own SQL
 * (writeConditionSql) run on the customer's rows exactly as shared/src/conditions/rows.ts builds
 * them — a row per event, shipping quote and ordered item (or the customer alone), each
 * attribute a flat column (`event.name` read as `event__name`: the writer's output for the tree
 * with its fields renamed) — and a customer matches when any of its rows is TRUE. The rule groups, the explicit e-mails and the parent chain combine
 * as shared/src/campaigns/segment.ts says. Values travel as parameters (the project, the day, the
 * e-mails); the only text written into the SQL is the condition core's from a checked tree.
 *
 * Only what the conditions read is built: a segment whose conditions read only `customer.*` runs
 * on the customers alone (every row of a customer has the same customer part), a column no
 * condition reads is left out, and the product join is made only for `product.*`.
 */

export interface SegmentSpec {
  /** The explicit e-mails as typed (trimmed), with the key a customer's e-mail is looked up by. */
  emails: readonly { given: string; key: string }[];
  groups: readonly SegmentRuleGroup<ConditionNode>[];
}

/**
 * What differs between the two warehouses' SQL in this query (the conditions' own SQL aside, which
 * the condition core writes in each dialect).
 */
interface Dialect {
  param(name: string): string;
  quote(name: string): string;
  type: Record<ConditionAttribute['type'] | 'integer', string>;
  /** A 1/0 column as a boolean (FLOAT64 does not cast to BOOL in GoogleSQL). */
  boolean(column: string): string;
  boolOr: string;
  union: string;
  /** The first `value` of each group in `order` (NULL kept). */
  first(value: string, order: string): string;
  /** An order's items, one row each as `item_code`, `item_qty`, from the JSON text `items`. */
  items(from: string): string;
  /** The explicit e-mails of segment k as rows (i, given, email_key), i from 1. */
  emails(k: number, count: number): string;
  /** A query of no rows (FROM-less WHERE is refused by GoogleSQL). */
  noRows: string;
}

const quoteDouble = (name: string) => `"${name.replaceAll('"', '""')}"`;
const DIALECTS: Record<WarehouseDialect, Dialect> = {
  duckdb: {
    param: (name) => `$${name}`,
    quote: quoteDouble,
    type: { string: 'VARCHAR', date: 'VARCHAR', number: 'DOUBLE', boolean: 'BOOLEAN', integer: 'BIGINT' },
    boolean: (column) => `CAST(${column} AS BOOLEAN)`,
    boolOr: 'bool_or',
    union: 'UNION',
    first: (value, order) => `first(${value} ORDER BY ${order})`,
    items: (from) =>
      `(SELECT *, item.code AS item_code, item.qty AS item_qty FROM (SELECT *, unnest(from_json(items, '[{"code":"VARCHAR","qty":"DOUBLE"}]')) AS item FROM ${from}))`,
    emails: (k, count) => `SELECT i, $given${k}[i] AS given, $key${k}[i] AS email_key FROM range(1, ${count + 1}) t(i)`,
    noRows: ' WHERE FALSE',
  },
  bigquery: {
    param: (name) => `@${name}`,
    quote: (name) => `\`${name.replace(/[\\`]/g, (c) => `\\${c}`)}\``,
    type: { string: 'STRING', date: 'STRING', number: 'FLOAT64', boolean: 'BOOL', integer: 'INT64' },
    boolean: (column) => `(${column} <> 0)`,
    boolOr: 'LOGICAL_OR',
    union: 'UNION DISTINCT',
    // ARRAY_AGG refuses a NULL element: the value travels in a struct.
    first: (value, order) => `ARRAY_AGG(STRUCT(${value} AS v) ORDER BY ${order} LIMIT 1)[OFFSET(0)].v`,
    items: (from) =>
      `(SELECT o.*, JSON_VALUE(item, '$.code') AS item_code, CAST(JSON_VALUE(item, '$.qty') AS FLOAT64) AS item_qty FROM ${from} o, UNNEST(JSON_QUERY_ARRAY(o.items)) AS item)`,
    emails: (k, count) => `SELECT i + 1 AS i, given, @key${k}[OFFSET(i)] AS email_key FROM UNNEST(@given${k}) AS given WITH OFFSET i WHERE i < ${count}`,
    noRows: ' FROM UNNEST(ARRAY<INT64>[])',
  },
};

const CUSTOMER_CATALOGUE = conditionAttributes('customer');

/** Fields the trees read (catalogue fields only: any other is NULL on every row, as in the evaluator). */
function fieldsOf(node: ConditionNode, out: Set<string>): Set<string> {
  if (node.type === 'field') out.add(node.value);
  else if (isOperatorNode(node)) for (const p of node.params) fieldsOf(p, out);
  return out;
}

/** The tree with every field outside the catalogue as NULL (the evaluator reads NULL there too). */
function onlyCatalogue(node: ConditionNode): ConditionNode {
  if (node.type === 'field') return findConditionAttribute('customer', node.value) ? node : { type: 'null', value: null };
  if (isOperatorNode(node)) return { ...node, params: node.params.map(onlyCatalogue) } as ConditionNode;
  return node;
}

/**
 * The tree reading the rows' flat columns: `event.name` is the column `event__name` (a plain
 * column, so DuckDB filters the rows' scan by it; a struct built per row is not filtered before
 * it is built).
 */
function flat(node: ConditionNode): ConditionNode {
  if (node.type === 'field') return { type: 'field', value: attributeColumn(node.value) };
  if (isOperatorNode(node)) return { ...node, params: node.params.map(flat) } as ConditionNode;
  return node;
}

/** The flat columns of `prefix`'s referenced attributes, each read by `value(attribute)`. */
function part(d: Dialect, prefix: string, used: ReadonlySet<string>, value: (a: ConditionAttribute) => string): string[] {
  return CUSTOMER_CATALOGUE.filter((a) => a.name.startsWith(prefix) && used.has(a.name)).map((a) => `${value(a)} AS ${d.quote(attributeColumn(a.name))}`);
}

const typedNull = (d: Dialect) => (a: ConditionAttribute) => `CAST(NULL AS ${d.type[a.type]})`;
const columnOf = (d: Dialect, alias: string, a: ConditionAttribute) => {
  const sql = `${alias}.${d.quote(attributeColumn(a.name))}`;
  return a.type === 'boolean' ? d.boolean(sql) : sql;
};
const PRODUCT_TYPE = new Map(PRODUCT_ATTRIBUTES.map((a) => [a.name, a]));

interface Condition {
  index: number;
  sql: string;
  /** Which fields it reads: only the customer's, none of the customer's, or both. */
  kind: 'customer' | 'rows' | 'mixed';
  /** It holds on the row of a customer with no event, quote or purchase (kind 'rows' only). */
  aloneMatches: boolean;
}

export interface SegmentQuery {
  sql: string;
  params: Record<string, QueryParam>;
}

/**
 * The query answering the members of `chain[0]` (its parent, grandparent … follow) in the order
 * the JavaScript path lists them: the explicit e-mails as typed, then the rule members by customer
 * id. Columns: ord, customer_id, email, phone_number, first_name, last_name.
 */
export function segmentMembersQuery(
  chain: readonly SegmentSpec[],
  options: {
    project: string;
    today: number;
    dialect?: WarehouseDialect;
    /** A mirror table's name as the warehouse's queries write it (BigQuery's with its dataset). */
    table?: (name: string) => string;
    /** The answer's first column is the parameter `run` and `ord` is renumbered 1…n (for an INSERT into a run's table). */
    withRun?: boolean;
  },
): SegmentQuery {
  const d = DIALECTS[options.dialect ?? 'duckdb'];
  const p = d.param;
  const table = options.table ?? ((name: string) => name);
  const params: Record<string, QueryParam> = { project: options.project, today: options.today };
  const conditions = new Map<string, Condition>();
  const used = new Set<string>();
  const conditionIndex = (node: ConditionNode) => {
    const text = JSON.stringify(node);
    let entry = conditions.get(text);
    if (!entry) {
      const tree = onlyCatalogue(node);
      const fields = fieldsOf(tree, new Set());
      for (const f of fields) used.add(f);
      const customerFields = [...fields].filter((f) => f.startsWith('customer.')).length;
      const kind = customerFields === fields.size ? 'customer' : customerFields === 0 ? 'rows' : 'mixed';
      // A condition that reads no customer field has one value on the row of a customer alone
      // (every part NULL): the evaluator's answer there says whether such customers match.
      const sql =
        options.dialect === 'bigquery' ? writeConditionGoogleSql(tree, { context: 'customer', column: attributeColumn }) : writeConditionSql(flat(tree));
      entry = { index: conditions.size, sql, kind, aloneMatches: kind === 'rows' && compileCondition(tree)({}) === true };
      conditions.set(text, entry);
    }
    return `m${entry.index}`;
  };
  const ruleFilters = chain.map((segment) =>
    segment.groups
      .filter((g) => g.rulesIn.length + g.rulesInOnly.length + g.rulesNotIn.length > 0)
      .map((g) => {
        const parts: string[] = [];
        if (g.rulesIn.length) parts.push(`(${g.rulesIn.map(conditionIndex).join(' OR ')})`);
        for (const c of g.rulesInOnly) parts.push(conditionIndex(c));
        if (g.rulesNotIn.length) parts.push(`NOT (${g.rulesNotIn.map(conditionIndex).join(' OR ')})`);
        return `(${parts.join(' AND ')})`;
      }),
  );

  const ctes: string[] = [];
  const live = (name: string) => `SELECT * FROM ${table(name)} WHERE project = ${p('project')} AND deleted = 0`;
  const all = [...conditions.values()];
  const rowsNeeded = all.some((c) => c.kind !== 'customer');
  const stateNeeded = used.has('customer.state');
  if (conditions.size) {
    if (stateNeeded) {
      // customer.state: the address's, else the latest event's (zipcode state, then IP state).
      ctes.push(
        `latest_state AS (SELECT customer_id, ${d.first('state_hint', "COALESCE(event__createdAt, '') DESC, id")} AS state ` +
          `FROM (${live('customer_events')}) WHERE customer_id IS NOT NULL GROUP BY customer_id)`,
      );
    }
    const customerColumns = part(d, 'customer.', used, (a) => (a.name === 'customer.state' ? 'COALESCE(c.own_state, s.state)' : columnOf(d, 'c', a)));
    ctes.push(
      `cust AS (SELECT ${['c.id AS cid', ...customerColumns].join(', ')} FROM (${live('customers')}) c` +
        `${stateNeeded ? ' LEFT JOIN latest_state s ON s.customer_id = c.id' : ''})`,
    );
    if (rowsNeeded) {
      const productColumns = CUSTOMER_CATALOGUE.filter((a) => a.name.startsWith('product.') && used.has(a.name)).map(
        (a) => `${columnOf(d, 'p', PRODUCT_TYPE.get(a.name.slice('product.'.length))!)} AS ${d.quote(attributeColumn(a.name))}`,
      );
      if (productColumns.length)
        ctes.push(`prod AS (SELECT * FROM (${live('products')}) WHERE id IN (SELECT max(id) FROM (${live('products')}) GROUP BY lookup_code))`);
      const dateColumns = part(d, 'date.', used, (a) => (a.name === 'date.daysAgo' ? `x.sp_day - ${p('today')}` : columnOf(d, 'x', a)));
      const kinds = ['event.', 'quote.', 'purchase.'] as const;
      const select = (own: (typeof kinds)[number], value: (a: ConditionAttribute) => string, productCode: string) => {
        const columns = kinds.flatMap((k) => part(d, k, used, k === own ? value : typedNull(d)));
        columns.push(...dateColumns, ...productColumns);
        const join = productColumns.length ? ` LEFT JOIN prod p ON p.lookup_code = ${productCode}` : '';
        return { columns: ['x.customer_id AS cid', ...columns].join(', '), join };
      };
      const ev = select('event.', (a) => columnOf(d, 'x', a), 'x.product_code');
      const qu = select('quote.', (a) => columnOf(d, 'x', a), 'x.product_code');
      const pu = select('purchase.', (a) => (a.name === 'purchase.qty' ? 'x.item_qty' : columnOf(d, 'x', a)), 'x.item_code');
      ctes.push(
        `customer_rows AS (` +
          `SELECT ${ev.columns} FROM (${live('customer_events')}) x${ev.join} WHERE x.customer_id IS NOT NULL` +
          ` UNION ALL SELECT ${qu.columns} FROM (${live('shipping_quotes')}) x${qu.join} WHERE x.customer_id IS NOT NULL` +
          ` UNION ALL SELECT ${pu.columns} FROM ${d.items(`(${live('orders')} AND cancelled = 0 AND customer_id IS NOT NULL)`)} x${pu.join})`,
      );
    }
    // Three ways to a condition's customers, the cheapest its fields allow:
    // - customer fields only: every row of a customer has the same customer part, so the
    //   condition is evaluated once per customer;
    // - no customer field: the rows where it holds (a filtered scan, no join), plus the customers
    //   with no row at all when it holds on a customer alone;
    // - both: every customer with its rows (a customer alone as one row of NULLs), any row TRUE.
    const mixed = all.filter((c) => c.kind === 'mixed');
    if (mixed.length) {
      ctes.push(
        `mixed AS (SELECT k.cid, ${mixed.map(({ index, sql }) => `${d.boolOr}(COALESCE((${sql}), FALSE)) AS m${index}`).join(', ')} ` +
          `FROM cust k LEFT JOIN customer_rows r ON r.cid = k.cid GROUP BY k.cid)`,
      );
    }
    for (const { index, sql, kind, aloneMatches } of all) {
      if (kind !== 'rows') continue;
      ctes.push(
        `hits${index} AS (SELECT DISTINCT cid FROM customer_rows WHERE COALESCE((${sql}), FALSE)` +
          `${aloneMatches ? ` ${d.union} SELECT cid FROM cust WHERE cid NOT IN (SELECT cid FROM customer_rows)` : ''})`,
      );
    }
    const columns = all.map(({ index, sql, kind }) =>
      kind === 'customer'
        ? `COALESCE((${sql}), FALSE) AS m${index}`
        : kind === 'mixed'
          ? `x.m${index}`
          : `k.cid IN (SELECT cid FROM hits${index}) AS m${index}`,
    );
    ctes.push(`matched AS (SELECT k.cid, ${columns.join(', ')} FROM cust k${mixed.length ? ' LEFT JOIN mixed x ON x.cid = k.cid' : ''})`);
  }
  if (chain.some((s) => s.emails.length)) {
    // An e-mail typed in the list is the customer holding it (the last by id when two do), else itself.
    ctes.push(`by_email AS (SELECT email_key, max(id) AS cid FROM (${live('customers')}) WHERE email_key IS NOT NULL GROUP BY email_key)`);
  }
  const memberColumns = (c: string) =>
    `${c}.id AS customer_id, ${c}.member_email AS email, ${c}.member_phone AS phone_number, ${c}.member_first_name AS first_name, ${c}.member_last_name AS last_name`;
  chain.forEach((segment, k) => {
    const parts: string[] = [];
    const explicit = segment.emails.length;
    if (explicit) {
      params[`given${k}`] = segment.emails.map((e) => e.given);
      params[`key${k}`] = segment.emails.map((e) => e.key);
      parts.push(
        `SELECT x.i AS ord, c.id AS customer_id, COALESCE(c.member_email, x.given) AS email, c.member_phone AS phone_number, ` +
          `c.member_first_name AS first_name, c.member_last_name AS last_name ` +
          `FROM (${d.emails(k, explicit)}) x ` +
          `LEFT JOIN by_email b ON b.email_key = x.email_key LEFT JOIN (${live('customers')}) c ON c.id = b.cid`,
      );
    }
    const filters = ruleFilters[k]!;
    if (filters.length) {
      parts.push(
        `SELECT ${explicit} + row_number() OVER (ORDER BY c.id) AS ord, ${memberColumns('c')} ` +
          `FROM matched m JOIN (${live('customers')}) c ON c.id = m.cid WHERE ${filters.join(' OR ')}`,
      );
    }
    ctes.push(
      `own${k} AS (${
        parts.length
          ? parts.join(' UNION ALL ')
          : `SELECT CAST(NULL AS ${d.type.integer}) AS ord, ${['customer_id', 'email', 'phone_number', 'first_name', 'last_name'].map((c) => `CAST(NULL AS ${d.type.string}) AS ${c}`).join(', ')}${d.noRows}`
      })`,
    );
  });
  // Up the chain: a member of a child stays when it is a member of the parent (the same customer,
  // or for an address typed without a customer, the same e-mail, case aside).
  for (let k = chain.length - 1; k >= 0; k--) {
    if (k === chain.length - 1) ctes.push(`final${k} AS (SELECT * FROM own${k})`);
    else {
      ctes.push(
        `final${k} AS (SELECT * FROM own${k} o WHERE CASE WHEN o.customer_id IS NOT NULL ` +
          `THEN o.customer_id IN (SELECT customer_id FROM final${k + 1} WHERE customer_id IS NOT NULL) ` +
          `ELSE o.email IS NOT NULL AND lower(trim(o.email)) IN (SELECT lower(trim(email)) FROM final${k + 1} WHERE email IS NOT NULL) END)`,
      );
    }
  }
  const run = options.withRun ? `${p('run')} AS run, row_number() OVER (ORDER BY ord) AS ord` : 'ord';
  const sql = `WITH ${ctes.join(',\n')}\nSELECT ${run}, customer_id, email, phone_number, first_name, last_name FROM final0`;
  return { sql, params };
}
