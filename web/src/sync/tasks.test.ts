import { describe, expect, it } from 'vitest';
import { inCatalogueOrder, queueUrls, runSyncTask, SYNC_TASKS, syncTask, type TaskContext } from './tasks';

const context: TaskContext = {
  project: 'main',
  blingAccount: '1',
  marketplaces: { shopee: '11', amazon: '12', magalu: '13', madeiramadeira: '14', updateStore: '15' },
};

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const pathOf = (url: string) => new URL(url, 'http://x').pathname;

describe('the sync tasks', () => {
  it('follow the worker table of document 1 §7, the AI texts before the store sites', () => {
    expect(SYNC_TASKS.map((t) => t.id)).toEqual([
      'bling-produtos',
      'tramontina-webservice',
      'tstock',
      'firestore',
      'franke',
      'doka',
      'bling-create',
      'bling-update-flag',
      'marketplace-shopee',
      'marketplace-amazon',
      'marketplace-magalu',
      'marketplace-madeiramadeira',
      'marketplace-update-store',
      'marketplace-delete-shopee',
      'marketplace-delete-amazon',
      'marketplace-delete-magalu',
      'marketplace-delete-madeiramadeira',
      'openai-texts',
      'openai-title',
      'openai-description',
      'openai-sales',
      'openai-badges',
      'openai-facets',
      'openai-reviews',
      'site-cookstore',
      'site-centergarbin',
      'site-excellenceshop',
      'site-cookeletroraro',
    ]);
    expect(inCatalogueOrder(['site-cookstore', 'franke', 'bling-produtos'])).toEqual(['bling-produtos', 'franke', 'site-cookstore']);
  });

  it('build the worker URLs with the project, the Bling account and the company of the code', () => {
    const url = (id: string) => syncTask(id).url('20100001', context);
    expect(query(url('bling-produtos'))).toEqual({ project: 'main', id: '20100001', bling: '1' });
    expect(pathOf(url('tramontina-webservice'))).toBe('/api/tramontina/webservice/products/2/20100001');
    expect(JSON.parse(query(url('tstock')).products!)).toEqual([{ id: '20100001', companyId: 2 }]);
    expect(pathOf(url('firestore'))).toBe('/api/tramontina/firestore/products/20100001');
    expect(query(url('doka'))).toEqual({ project: 'main', code: '20100001' });
    expect(query(url('marketplace-magalu'))).toEqual({ project: 'main', loja: '13', store: 'magalu', bling: '1' });
    expect(query(url('marketplace-update-store'))).toEqual({ project: 'main', loja: '15', bling: '1' });
    expect(pathOf(url('marketplace-delete-amazon'))).toBe('/api/bling/produtoloja/delete/20100001');
    expect(url('site-centergarbin')).toBe('/api/sites/centergarbin/products?project=main&id=20100001');
    expect(syncTask('bling-produtos').url('1', { ...context, blingAccount: undefined })).toBe('/api/bling/bigquery/produtos?project=main&id=1');
  });

  it('run the combined AI texts as the first five in parallel, and queue them as five URLs', async () => {
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = runSyncTask(syncTask('openai-texts'), '10437899', context, async (u) => {
      started.push(pathOf(u));
      await gate;
      return { ok: true };
    });
    await Promise.resolve();
    // All five started before any answered.
    expect(started).toEqual(['title', 'description', 'sales', 'badges', 'facets'].map((k) => `/api/firestore/product-openai/${k}/10437899`));
    release();
    await running;
    expect(queueUrls(['10437899'], ['openai-texts', 'openai-reviews'], context).urls).toEqual(
      ['title', 'description', 'sales', 'badges', 'facets', 'reviews'].map((k) => `/api/firestore/product-openai/${k}/10437899?project=main`),
    );
  });

  it('fail for a code of no known company, and for marketplaces without configured stores', () => {
    expect(() => syncTask('tramontina-webservice').url('55123', context)).toThrow('Empresa desconhecida para o código 55123');
    expect(() => syncTask('marketplace-shopee').url('1', { ...context, marketplaces: null })).toThrow(/MARKETPLACE_STORE_IDS/);
  });

  it("run TStock's download with the paginate answer's file, when it names one", async () => {
    const calls: string[] = [];
    const get = async (url: string) => {
      calls.push(url);
      return url.includes('paginate') ? { download: 'http://tstock.test/files/1.csv' } : {};
    };
    await runSyncTask(syncTask('tstock'), '10618562', context, get);
    expect(calls).toHaveLength(2);
    expect(pathOf(calls[1]!)).toBe('/api/tramontina/tstockfiles/bigquery/download/10618562');
    expect(query(calls[1]!).downloadUrl).toBe('http://tstock.test/files/1.csv');

    calls.length = 0;
    await runSyncTask(syncTask('tstock'), '10618562', context, async (url) => (calls.push(url), { download: null }));
    expect(calls).toHaveLength(1);
  });

  it('queue one URL per code and task, reporting the ones that cannot be built', () => {
    const { urls, skipped } = queueUrls(['10618562', '55000001'], ['franke', 'tramontina-webservice'], context);
    expect(urls).toEqual([
      '/api/tramontina/webservice/products/1/10618562?project=main',
      '/api/franke/store/product?project=main&id=10618562',
      '/api/franke/store/product?project=main&id=55000001',
    ]);
    expect(skipped).toEqual(['55000001: Empresa desconhecida para o código 55000001']);
  });
});
