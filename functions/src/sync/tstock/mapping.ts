import type { WarehouseRow } from '../../warehouse/warehouse.js';
import { redactUrl, UpstreamError } from '../../lib/vendor-http.js';
import { TSTOCK, type TstockRegistro } from './client.js';

/**
 * TStock's answers in the product's words: the manufacturer's stock is one warehouse key of the
 * product's Stock map (the project's stock document whose source is 'tramontina'; 'tramontina-rs'
 * in the demo data), holding the quantity available over all of TStock's depósitos.
 */

export const TSTOCK_SOURCE = 'tstock';
export const TSTOCK_FILE_SOURCE = 'tstock-file';
export const DEFAULT_TRAMONTINA_STOCK_KEY = 'tramontina-rs';

export interface StockEntry {
  qty: number;
  ProductCodeErp?: string;
}

export interface StockFileRow {
  /** Line number in the file (1-based), for messages. */
  line: number;
  ProductCode: string;
  Company: number | null;
  description: string | null;
  deposito: string;
  nomeDeposito: string | null;
  saldo: number;
  reservado: number;
  disponivel: number;
  /** YYYY-MM-DD, or null. */
  previsaoEntrada: string | null;
  /** YYYY-MM-DDTHH:mm as written (the file's local time), or null. */
  atualizadoEm: string | null;
}

export function stockFromRegistro(registro: TstockRegistro, stockKey = DEFAULT_TRAMONTINA_STOCK_KEY): Record<string, StockEntry> {
  const qty = registro.estoques.reduce((sum, e) => sum + Math.max(0, e.disponivel), 0);
  return { [stockKey]: registro.codigoErp ? { qty, ProductCodeErp: registro.codigoErp } : { qty } };
}

/** Rows of table tstock_stock, one per product of the paginated answer. */
export function tstockStockRows(
  project: string,
  registros: TstockRegistro[],
  fetchedAt: Date,
  stockKey = DEFAULT_TRAMONTINA_STOCK_KEY,
): WarehouseRow<'tstock_stock'>[] {
  return registros.map((registro) => ({
    project,
    id: registro.id,
    source: TSTOCK_SOURCE,
    fetchedAt: fetchedAt.toISOString(),
    company: String(registro.companyId),
    data: { product: { ProductCode: registro.id, Company: registro.companyId, Stock: stockFromRegistro(registro, stockKey) }, raw: registro },
  }));
}

// ---------------------------------------------------------------------------------------------
// The stock file: a spreadsheet export (tab-separated ".xls", or ";"-separated CSV), a title line,
// then a header row naming the columns. Brazilian number and date formats.

/** Header text → field, compared without accents or case. */
const COLUMNS: Record<string, keyof Omit<StockFileRow, 'line'>> = {
  codigo: 'ProductCode',
  empresa: 'Company',
  descricao: 'description',
  deposito: 'deposito',
  'nome do deposito': 'nomeDeposito',
  saldo: 'saldo',
  reservado: 'reservado',
  disponivel: 'disponivel',
  'previsao de entrada': 'previsaoEntrada',
  'atualizado em': 'atualizadoEm',
};
const REQUIRED = ['ProductCode', 'deposito', 'saldo'] as const;

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

function invalid(reason: string): UpstreamError {
  return new UpstreamError(TSTOCK, 'invalid', `arquivo de estoque inválido (${reason})`);
}

/** 1.234 / 1.234,5 / 12 → number; blank → null. */
export function parseBrNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^-?\d{1,3}(\.\d{3})*(,\d+)?$|^-?\d+(,\d+)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(/\./g, '').replace(',', '.'));
}

/** dd/mm/aaaa [hh:mm] → YYYY-MM-DD[THH:mm]; blank → null; anything else → undefined. */
export function parseBrDate(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2}))?$/.exec(trimmed);
  if (!m) return undefined;
  return m[4] ? `${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}` : `${m[3]}-${m[2]}-${m[1]}`;
}

export function parseStockFile(text: string): StockFileRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const cellsOf = (line: string, separator: string) => line.split(separator).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
  const separatorOf = (line: string) => (line.includes('\t') ? '\t' : line.includes(';') ? ';' : ',');
  // The header is the first line with a "Código" cell: a title line may come before it.
  const headerIndex = lines.findIndex((line) => cellsOf(line, separatorOf(line)).some((cell) => normalize(cell) === 'codigo'));
  if (headerIndex === -1) throw invalid('cabeçalho não encontrado');
  const header = lines[headerIndex]!;
  const separator = separatorOf(header);
  const split = (line: string) => cellsOf(line, separator);

  const fields = split(header).map((name) => COLUMNS[normalize(name)]);
  for (const required of REQUIRED) {
    if (!fields.includes(required)) throw invalid(`coluna ${required === 'ProductCode' ? 'Código' : required === 'deposito' ? 'Depósito' : 'Saldo'} ausente`);
  }

  const rows: StockFileRow[] = [];
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    const lineNo = i + 1;
    const cells = split(raw);
    if (cells.length < fields.length) throw invalid(`linha ${lineNo} incompleta`);
    const value = (field: keyof Omit<StockFileRow, 'line'>) => {
      const index = fields.indexOf(field);
      return index === -1 ? '' : cells[index]!;
    };
    const number = (field: 'saldo' | 'reservado' | 'disponivel' | 'Company', label: string) => {
      const n = parseBrNumber(value(field));
      if (Number.isNaN(n)) throw invalid(`linha ${lineNo}: ${label} "${value(field)}" não é um número`);
      return n;
    };
    const date = (field: 'previsaoEntrada' | 'atualizadoEm', label: string) => {
      const d = parseBrDate(value(field));
      if (d === undefined) throw invalid(`linha ${lineNo}: ${label} "${value(field)}" não é uma data`);
      return d;
    };
    const code = value('ProductCode');
    const deposito = value('deposito');
    if (!code || !deposito) throw invalid(`linha ${lineNo} sem código ou depósito`);
    const saldo = number('saldo', 'Saldo') ?? 0;
    const reservado = number('reservado', 'Reservado') ?? 0;
    rows.push({
      line: lineNo,
      ProductCode: code,
      Company: number('Company', 'Empresa'),
      description: value('description') || null,
      deposito,
      nomeDeposito: value('nomeDeposito') || null,
      saldo,
      reservado,
      disponivel: number('disponivel', 'Disponível') ?? saldo - reservado,
      previsaoEntrada: date('previsaoEntrada', 'Previsão de Entrada'),
      atualizadoEm: date('atualizadoEm', 'Atualizado em'),
    });
  }
  return rows;
}

export interface ProductStockFromFile {
  ProductCode: string;
  Company: number | null;
  /** Available over all depósitos. */
  disponivel: number;
  depositos: { deposito: string; nomeDeposito: string | null; saldo: number; reservado: number; disponivel: number; previsaoEntrada: string | null }[];
}

/** The file's rows grouped by product, in file order. */
export function stockByProduct(rows: StockFileRow[]): ProductStockFromFile[] {
  const byCode = new Map<string, ProductStockFromFile>();
  for (const row of rows) {
    let product = byCode.get(row.ProductCode);
    if (!product) byCode.set(row.ProductCode, (product = { ProductCode: row.ProductCode, Company: row.Company, disponivel: 0, depositos: [] }));
    product.disponivel += Math.max(0, row.disponivel);
    product.depositos.push({
      deposito: row.deposito,
      nomeDeposito: row.nomeDeposito,
      saldo: row.saldo,
      reservado: row.reservado,
      disponivel: row.disponivel,
      previsaoEntrada: row.previsaoEntrada,
    });
  }
  return [...byCode.values()];
}

/**
 * The row of table tstock_files for a downloaded file: its code, where it came from (without the
 * signature: it is a credential while it lasts) and the stock by product it holds.
 */
export function tstockFileRow(project: string, fileCode: string, downloadUrl: string, rows: StockFileRow[], fetchedAt: Date): WarehouseRow<'tstock_files'> {
  const products = stockByProduct(rows);
  return {
    project,
    id: fileCode,
    source: TSTOCK_FILE_SOURCE,
    fetchedAt: fetchedAt.toISOString(),
    download_url: redactUrl(downloadUrl),
    data: { rowCount: rows.length, productCount: products.length, products },
  };
}

/** Rows of table tstock_stock from a stock file, so the file alone can refresh the manufacturer stock. */
export function tstockStockRowsFromFile(
  project: string,
  rows: StockFileRow[],
  fetchedAt: Date,
  stockKey = DEFAULT_TRAMONTINA_STOCK_KEY,
): WarehouseRow<'tstock_stock'>[] {
  return stockByProduct(rows).map((p) => ({
    project,
    id: p.ProductCode,
    source: TSTOCK_FILE_SOURCE,
    fetchedAt: fetchedAt.toISOString(),
    company: p.Company === null ? null : String(p.Company),
    data: {
      product: { ProductCode: p.ProductCode, ...(p.Company === null ? {} : { Company: p.Company }), Stock: { [stockKey]: { qty: p.disponivel } } },
      raw: p,
    },
  }));
}
