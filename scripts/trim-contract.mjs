#!/usr/bin/env node
// Trims a vendor's published OpenAPI document to the operations we use, keeping every component
// they reach through $ref (transitively) and the document's head (openapi, info, servers, security,
// securitySchemes) as published: what stays is the vendor's text, only less of it. Writes YAML or
// JSON by the output's extension. Used to pin contracts in sandboxes/contracts/<vendor>/ (SOURCE.md
// there gives the exact command).
// Usage: node scripts/trim-contract.mjs <published.yaml|json> <out.yaml|json> 'POST /chat/completions' ['GET /x/{id}' …]
import { readFileSync, writeFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';

const [input, output, ...wanted] = process.argv.slice(2);
if (!input || !output || wanted.length === 0) {
  console.error("usage: node scripts/trim-contract.mjs <in> <out> 'METHOD /path' …");
  process.exit(2);
}

/** @type {Record<string, any>} */
const document = parse(readFileSync(input, 'utf8'), { maxAliasCount: -1 });
/** @type {Record<string, Record<string, unknown>>} */
const paths = {};
for (const entry of wanted) {
  const [method = '', path = ''] = entry.split(' ');
  const item = document.paths?.[path];
  const operation = item?.[method.toLowerCase()];
  if (!operation) {
    console.error(`trim-contract: ${entry} is not in ${input}`);
    process.exit(1);
  }
  paths[path] ??= Object.fromEntries(
    Object.entries(item).filter(([key]) => !['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(key)),
  );
  paths[path][method.toLowerCase()] = operation;
}

/** Every local $ref reached from `value`, followed into the components it names. */
const reached = new Set();
/** @param {unknown} value */
function follow(value) {
  if (Array.isArray(value)) return value.forEach(follow);
  if (!value || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/') && !reached.has(child)) {
      reached.add(child);
      follow(
        child
          .slice(2)
          .split('/')
          .reduce((/** @type {any} */ node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document),
      );
    } else follow(child);
  }
}
follow(paths);
for (const requirement of document.security ?? []) for (const name of Object.keys(requirement)) reached.add(`#/components/securitySchemes/${name}`);

/** @type {Record<string, Record<string, unknown>>} */
const components = {};
for (const ref of [...reached].sort()) {
  const [section, name, ...rest] = ref.slice(2).split('/');
  if (section !== 'components' || !name || rest.length === 0) continue;
  const key = /** @type {string} */ (rest[0]).replace(/~1/g, '/').replace(/~0/g, '~');
  components[name] ??= {};
  components[name][key] = document.components[name][key];
}

/** @type {Record<string, unknown>} */
const trimmed = { ...document, paths, components };
delete trimmed.webhooks;
delete trimmed['x-oaiMeta'];
writeFileSync(output, output.endsWith('.json') ? `${JSON.stringify(trimmed, null, 2)}\n` : stringify(trimmed, { lineWidth: 0, aliasDuplicateObjects: false }));
console.log(`trim-contract: ${wanted.length} operations, ${Object.values(components).reduce((n, c) => n + Object.keys(c).length, 0)} components → ${output}`);
