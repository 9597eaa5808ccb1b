import { describe, expect, it } from 'vitest';
import { importManufacturerProduct, parseCompany, syncBlingProduct } from './single-product';
import type { TaskContext } from './tasks';

const context: TaskContext = { project: 'main', marketplaces: null };

class NotFound extends Error {}

function recorder(answers: (url: string) => unknown = () => ({})) {
  const events: string[] = [];
  return {
    events,
    deps: {
      get: async (url: string) => {
        events.push(`GET ${new URL(url, 'http://x').pathname}`);
        const answer = answers(url);
        if (answer instanceof Error) throw answer;
        return answer;
      },
      onStep: (label: string) => events.push(label),
      isNotFound: (error: unknown) => error instanceof NotFound,
    },
  };
}

describe("'Sincronizar Bling'", () => {
  it('syncs the ERP data, then updates the product', async () => {
    const { events, deps } = recorder();
    await syncBlingProduct('10618562', context, deps);
    expect(events).toEqual([
      'Sincronizando dados Bling...',
      'GET /api/bling/bigquery/produtos',
      'Atualizando...',
      'GET /api/tramontina/firestore/products/10618562',
    ]);
  });
});

describe("'Importar Produto Tramontina'", () => {
  it('walks the steps of document 1 §4 for a product the ERP has', async () => {
    const { events, deps } = recorder((url) => (url.includes('paginate') ? { download: 'http://tstock/f.csv' } : {}));
    await importManufacturerProduct({ code: '10618562', company: 1 }, context, deps);
    expect(events).toEqual([
      'Sincronizando dados Tramontina...',
      'GET /api/tramontina/webservice/products/1/10618562',
      'Sincronizando estoque TStock...',
      'GET /api/tramontina/tstock/bigquery/paginate',
      'Baixando imagens...',
      'GET /api/tramontina/tstockfiles/bigquery/download/10618562',
      'Enviando para Firestore...',
      'GET /api/tramontina/firestore/products/10618562',
      'Consultando produto no Bling...',
      'GET /api/bling/bigquery/produtos',
      'Atualizando...',
      'GET /api/tramontina/firestore/products/10618562',
    ]);
  });

  it('creates the product in the ERP when Bling does not have it yet', async () => {
    let lookups = 0;
    const { events, deps } = recorder((url) => (url.includes('/bigquery/produtos') && lookups++ === 0 ? new NotFound('Bling: produto não encontrado') : {}));
    await importManufacturerProduct({ code: '10618562', company: 1 }, context, deps);
    expect(events.slice(events.indexOf('Consultando produto no Bling...'))).toEqual([
      'Consultando produto no Bling...',
      'GET /api/bling/bigquery/produtos',
      'Sincronizando dados Bling...',
      'GET /api/bling/produto/create/10618562',
      'GET /api/bling/bigquery/produtos',
      'Atualizando...',
      'GET /api/tramontina/firestore/products/10618562',
    ]);
  });

  it('stops at the first failure', async () => {
    const { events, deps } = recorder((url) => (url.includes('webservice') ? new Error('Tramontina webservice: erro no servidor (HTTP 503)') : {}));
    await expect(importManufacturerProduct({ code: '10618562', company: 1 }, context, deps)).rejects.toThrow('HTTP 503');
    expect(events).toEqual(['Sincronizando dados Tramontina...', 'GET /api/tramontina/webservice/products/1/10618562']);
  });
});

describe('parseCompany', () => {
  it('asks for the company first, and accepts a positive whole number', () => {
    expect(parseCompany('')).toEqual({ problem: 'Primeiro deve informar o id da empresa' });
    expect(parseCompany(null)).toEqual({ problem: 'Primeiro deve informar o id da empresa' });
    expect(parseCompany(' 28 ')).toEqual({ company: 28 });
    expect(parseCompany('abc')).toEqual({ problem: 'Empresa inválida: abc' });
  });
});
