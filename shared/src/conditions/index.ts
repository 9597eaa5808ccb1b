/**
 * Condition trees (document 1 §3 "Condition object", §5 "Condition builder"): the stable public
 * API both the console and the functions use. See README "Condition builder".
 */
export * from './types.js';
export * from './signatures.js';
export * from './tree.js';
export * from './normalise.js';
export * from './check.js';
export * from './limits.js';
export * from './stored.js';
export { writeConditionSql } from './sql-writer.js';
export { writeConditionGoogleSql } from './sql-writer-googlesql.js';
export { readConditionSql, type SqlReadError } from './sql-reader.js';
export { compileCondition, traceCondition, type ConditionRow } from './evaluate.js';
export * from './attributes.js';
export * from './rows.js';
export * from './value.js';
export * from './convert.js';
