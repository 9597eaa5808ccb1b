import { describe, expect, it } from 'vitest';
import { FAST, itHandlesFaults, useSandboxes } from '../../../../test-support/sandboxes.js';
import { parseStoreSiteUrls, siteUpstream, STORE_SITES, StoreSiteClient, type StoreSite } from './client.js';
import { siteProductRow } from './mapping.js';

const sandboxes = useSandboxes();
const client = (site: StoreSite, options: object = FAST) => new StoreSiteClient({ site, baseUrl: sandboxes().urls[`site-${site}`], ...options });

describe('store site clients against their sandboxes', () => {
  it('reads a product from each site, as the site shows it', async () => {
    for (const site of STORE_SITES) {
      const product = await client(site).product('10437899');
      expect(product, site).not.toBeNull();
      const row = siteProductRow('main', site, product!.id, product!, new Date());
      expect(row).toMatchObject({ id: `${site}:${product!.id}`, site, code: product!.id, source: `site:${site}` });
      expect((row.data.offer as { Price: number }).Price).toBe(product!.preco.por);
    }
  });

  it('answers null for a product the site does not sell', async () => {
    expect(await client('centergarbin').product('00000000')).toBeNull();
  });

  it('reads the STORE_SITE_URLS param', () => {
    const urls = Object.fromEntries(STORE_SITES.map((s) => [s, `https://www.${s}.com.br`]));
    expect(parseStoreSiteUrls(JSON.stringify(urls))).toEqual(urls);
    expect(() => parseStoreSiteUrls('{"cookstore": "x"}')).toThrow(/STORE_SITE_URLS inválido/);
    expect(() => parseStoreSiteUrls('{')).toThrow('STORE_SITE_URLS não é um JSON válido.');
  });

  itHandlesFaults({
    sandboxes,
    sandbox: 'site-cookstore',
    upstream: siteUpstream('cookstore'),
    path: '/api/produtos',
    call: (options) => client('cookstore', options).product('10437899'),
  });
});
