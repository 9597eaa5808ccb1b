// Refreshes the pinned NCM table (functions/src/readiness/ncm/ncm-table.json) from the Receita
// Federal's 'Tabela NCM vigente' as Siscomex's Portal Único publishes it (JSON: Data_Ultima_Atualizacao_NCM,
// Ato, Nomenclaturas [{Codigo, Descricao, Data_Inicio, Data_Fim, ...}]).
//
//   node scripts/refresh-ncm-table.mjs <file.json or URL>
//   URL: https://portalunico.siscomex.gov.br/classif/api/publico/nomenclatura/download/json?perfil=PUBLICO
//
// Keeps only the 8-digit codes in force (Data_Fim in the future) with their description (markup and the
// hierarchy's leading dashes removed): the readiness rules need only whether a code exists. Then update
// the date, the act and the source in functions/src/readiness/ncm/SOURCE.md.
import { readFile, writeFile } from 'node:fs/promises';

const from = process.argv[2];
if (!from) {
  console.error('Uso: node scripts/refresh-ncm-table.mjs <arquivo.json | URL>');
  process.exit(1);
}
const text = /^https?:\/\//.test(from) ? await (await fetch(from)).text() : await readFile(from, 'utf8');
const table = JSON.parse(text.replace(/^\uFEFF/, ''));
if (!Array.isArray(table.Nomenclaturas)) throw new Error('Sem Nomenclaturas: não é a Tabela NCM do Siscomex');

const today = new Date();
/** '31/12/9999' → Date @param {string} ddmmyyyy */
const date = (ddmmyyyy) => {
  const [d, m, y] = String(ddmmyyyy).split('/').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};
/** @type {Record<string, string>} */
const codes = {};
for (const entry of table.Nomenclaturas) {
  const digits = String(entry.Codigo).replace(/\D/g, '');
  if (digits.length !== 8) continue;
  if (entry.Data_Fim && date(entry.Data_Fim) < today) continue;
  codes[digits] = String(entry.Descricao)
    .replace(/<[^>]*>/g, '')
    .replace(/^[-\s]+/, '')
    .trim();
}
const out = {
  vigencia: table.Data_Ultima_Atualizacao_NCM ?? null,
  ato: table.Ato ?? null,
  codes: Object.fromEntries(Object.entries(codes).sort(([a], [b]) => a.localeCompare(b))),
};
const target = new URL('../functions/src/readiness/ncm/ncm-table.json', import.meta.url);
await writeFile(target, JSON.stringify(out, null, 1) + '\n');
console.log(`${Object.keys(codes).length} códigos NCM (${out.vigencia}, ${out.ato}) → ${target.pathname}`);
