import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../lib/vendor-http.js';
import { parseBrDate, parseBrNumber, parseStockFile, stockByProduct, stockFromRegistro, tstockFileRow } from './mapping.js';

const TSV = [
  '\uFEFFRelatório de Estoque TStock - gerado em 01/11/2026 10:00',
  'Código\tEmpresa\tDescrição\tDepósito\tNome do Depósito\tSaldo\tReservado\tDisponível\tPrevisão de Entrada\tAtualizado em',
  '10437899\t1\tFaca do Chef\tCB01\tCarlos Barbosa - RS\t1.250\t5\t1.245\t\t06/08/2025 22:02',
  '10437899\t1\tFaca do Chef\tRE01\tRecife - PE\t0\t0\t0\t15/12/2026\t06/08/2025 22:02',
  '20198603\t2\tPanela\tCB01\tCarlos Barbosa - RS\t7\t2\t5\t\t',
  '',
].join('\r\n');

describe('parseStockFile', () => {
  it('reads the tab-separated export after its title line', () => {
    const rows = parseStockFile(TSV);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      line: 3,
      ProductCode: '10437899',
      Company: 1,
      description: 'Faca do Chef',
      deposito: 'CB01',
      nomeDeposito: 'Carlos Barbosa - RS',
      saldo: 1250,
      reservado: 5,
      disponivel: 1245,
      previsaoEntrada: null,
      atualizadoEm: '2025-08-06T22:02',
    });
    expect(rows[1]!.previsaoEntrada).toBe('2026-12-15');
  });

  it('reads the ;-separated CSV, with columns in any order and quotes', () => {
    const csv = 'Depósito;"Código";Saldo\nCB01;"10437899";12\nRE01;10437899;3,0\n';
    const rows = parseStockFile(csv);
    expect(rows.map((r) => [r.ProductCode, r.deposito, r.saldo, r.disponivel])).toEqual([
      ['10437899', 'CB01', 12, 12],
      ['10437899', 'RE01', 3, 3],
    ]);
  });

  it('groups rows by product with the total available', () => {
    const products = stockByProduct(parseStockFile(TSV));
    expect(products.map((p) => [p.ProductCode, p.disponivel, p.depositos.length])).toEqual([
      ['10437899', 1245, 2],
      ['20198603', 5, 1],
    ]);
  });

  it.each([
    ['no header', 'Relatório vazio\n', 'TStock: arquivo de estoque inválido (cabeçalho não encontrado)'],
    ['missing Saldo column', 'Código\tDepósito\n1\tCB01\n', 'TStock: arquivo de estoque inválido (coluna Saldo ausente)'],
    ['a cut line', 'Código\tDepósito\tSaldo\n1\tCB01\t4\n2\tCB', 'TStock: arquivo de estoque inválido (linha 3 incompleta)'],
    ['a bad number', 'Código\tDepósito\tSaldo\n1\tCB01\tmuito\n', 'TStock: arquivo de estoque inválido (linha 2: Saldo "muito" não é um número)'],
    [
      'a bad date',
      'Código\tDepósito\tSaldo\tAtualizado em\n1\tCB01\t1\t2025-08-06\n',
      'TStock: arquivo de estoque inválido (linha 2: Atualizado em "2025-08-06" não é uma data)',
    ],
  ])('refuses a file with %s', (_, text, message) => {
    expect(() => parseStockFile(text)).toThrow(new UpstreamError('TStock', 'invalid', message.replace('TStock: ', '')));
  });

  it('keeps the signature of the download URL out of the row', () => {
    const row = tstockFileRow('main', 'EST-1', 'https://tstock.example/api/estoque/arquivos/EST-1.xls?expira=1&assinatura=abc', [], new Date(0));
    expect(row.download_url).toBe('https://tstock.example/api/estoque/arquivos/EST-1.xls');
  });
});

describe('numbers, dates and stock', () => {
  it('reads Brazilian numbers and dates', () => {
    expect([parseBrNumber('1.234'), parseBrNumber('1.234,5'), parseBrNumber('12'), parseBrNumber('-3'), parseBrNumber('')]).toEqual([
      1234,
      1234.5,
      12,
      -3,
      null,
    ]);
    expect(parseBrNumber('12a')).toBeNaN();
    expect([parseBrDate('15/12/2026'), parseBrDate('06/08/2025 22:02'), parseBrDate(''), parseBrDate('2026-12-15')]).toEqual([
      '2026-12-15',
      '2025-08-06T22:02',
      null,
      undefined,
    ]);
  });

  it('puts the available quantity of every depósito under the manufacturer stock key', () => {
    const registro = {
      id: '1',
      companyId: 1,
      codigoErp: '1-TRA',
      estoques: [
        { deposito: 'CB01', saldo: 10, reservado: 2, disponivel: 8 },
        { deposito: 'RE01', saldo: 0, reservado: 0, disponivel: -1 },
      ],
    };
    expect(stockFromRegistro(registro)).toEqual({ 'tramontina-rs': { qty: 8, ProductCodeErp: '1-TRA' } });
    expect(stockFromRegistro({ ...registro, codigoErp: null }, 'tramontina-sc')).toEqual({ 'tramontina-sc': { qty: 8 } });
  });
});
