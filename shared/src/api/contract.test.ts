import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { createEndpointMatcher, defineEndpoint } from './contract.js';
import { API_ENDPOINTS } from './endpoints.js';
import { healthEndpoint } from './console.js';
import {
  blingBigqueryProdutosEndpoint,
  blingProdutolojaCreateEndpoint,
  frankeStoreProductEndpoint,
  matchWorkerUrl,
  sitesProductsEndpoint,
  STORE_SITES,
  tramontinaTstockPaginateEndpoint,
  tramontinaWebserviceProductsEndpoint,
  WORKER_ENDPOINTS,
} from './workers.js';

const anyText = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 });
// '.' and '..' are dot segments to every URL parser (encoded or not): no path param can be one.
const segmentText = anyText.filter((text) => text !== '.' && text !== '..');

const noteEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/notes/:folder/:note',
  access: 'project',
  params: z.object({ folder: z.string(), note: z.string() }),
  query: z.object({ q: z.string().optional(), page: z.string().optional() }),
  answer: z.object({ ok: z.literal(true) }),
});
const notes = createEndpointMatcher([noteEndpoint]);

describe('an endpoint descriptor', () => {
  it('builds its URL: params encoded, project first, then the defined query values in order', () => {
    expect(noteEndpoint.url({ params: { folder: 'a/b', note: 'ção ?&' }, project: 'main', query: { q: 'x y', page: undefined } })).toBe(
      '/api/notes/a%2Fb/%C3%A7%C3%A3o%20%3F%26?project=main&q=x+y',
    );
    expect(frankeStoreProductEndpoint.url({ project: 'main', query: { id: '10 61' } })).toBe('/api/franke/store/product?project=main&id=10+61');
    expect(blingBigqueryProdutosEndpoint.url({ project: 'main', query: { id: '1', bling: undefined } })).toBe('/api/bling/bigquery/produtos?project=main&id=1');
    expect(healthEndpoint.url({})).toBe('/api/health');
    expect(sitesProductsEndpoint.url({ params: { site: 'centergarbin' }, project: 'main', query: { id: '20100001' } })).toBe(
      '/api/sites/centergarbin/products?project=main&id=20100001',
    );
  });

  it('is found again from its URL, params and query parsed (any text round-trips)', () => {
    fc.assert(
      fc.property(segmentText, segmentText, fc.option(anyText, { nil: undefined }), anyText, (folder, note, q, project) => {
        const match = notes.matchUrl('GET', noteEndpoint.url({ params: { folder, note }, project, query: { q } }));
        expect(match).not.toBeNull();
        expect(match?.endpoint).toBe(noteEndpoint);
        expect(match?.params).toEqual({ folder, note });
        expect(match?.query).toEqual(q === undefined ? {} : { q });
        expect(match?.project).toBe(project);
      }),
    );
  });

  it('matches no URL of another path or method, nor one without its project', () => {
    expect(notes.matchUrl('GET', '/api/notes/a')).toBeNull();
    expect(notes.matchUrl('POST', '/api/notes/a/b?project=main')).toBeNull();
    expect(notes.matchUrl('GET', '/api/notes/a/b')).toBeNull();
    expect(notes.matchUrl('GET', '/api/notes/a/b?project=main&project=other')).toBeNull();
    expect(notes.matchPath('POST', '/api/notes/a/b')).toEqual({ ok: false, reason: 'method', allow: 'GET' });
    expect(notes.matchPath('GET', '/api/notes/%E0%A4%A/b')).toEqual({ ok: false, reason: 'encoding' });
  });
});

describe('the worker descriptors', () => {
  const code = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,20}$/);

  it('round-trip the URLs the sync screens build, parsed with their schemas', () => {
    fc.assert(
      fc.property(code, fc.integer({ min: 1, max: 999 }), fc.constantFrom(...STORE_SITES), (sku, company, site) => {
        const webservice = matchWorkerUrl(tramontinaWebserviceProductsEndpoint.url({ params: { company: String(company), code: sku }, project: 'main' }));
        expect(webservice?.endpoint).toBe(tramontinaWebserviceProductsEndpoint);
        expect(webservice?.params).toEqual({ company, code: sku });

        const push = matchWorkerUrl(
          blingProdutolojaCreateEndpoint.url({ params: { code: sku }, project: 'main', query: { loja: '13', store: 'magalu', bling: '1' } }),
        );
        expect(push?.query).toEqual({ loja: '13', store: 'magalu', bling: '1' });

        const stock = matchWorkerUrl(
          tramontinaTstockPaginateEndpoint.url({ project: 'main', query: { products: JSON.stringify([{ id: sku, companyId: company }]) } }),
        );
        expect(stock?.query).toEqual({ products: [{ id: sku, companyId: company }] });

        expect(matchWorkerUrl(sitesProductsEndpoint.url({ params: { site }, project: 'p', query: { id: sku } }))?.params).toEqual({ site });
      }),
    );
  });

  it('refuse what no worker descriptor builds: other paths, bad codes, unknown sites and stores', () => {
    expect(matchWorkerUrl('/api/console/me?project=main')).toBeNull();
    expect(matchWorkerUrl('/api/tramontina/firestore/products/..%2Fx?project=main')).toBeNull();
    expect(matchWorkerUrl('/api/sites/elsewhere/products?project=main&id=1')).toBeNull();
    expect(matchWorkerUrl('/api/bling/produtoloja/create/1?project=main&store=ebay')).toBeNull();
    expect(matchWorkerUrl('/api/tramontina/webservice/products/0/1?project=main')).toBeNull();
    expect(matchWorkerUrl('/api/bling/bigquery/produtos?project=main')).toBeNull();
  });

  it('are all GET with project access, and part of the API', () => {
    for (const endpoint of WORKER_ENDPOINTS) {
      expect([endpoint.method, endpoint.access]).toEqual(['GET', 'project']);
      expect(API_ENDPOINTS).toContain(endpoint);
    }
  });
});

describe('the API', () => {
  it('declares each method and path once', () => {
    const keys = API_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
