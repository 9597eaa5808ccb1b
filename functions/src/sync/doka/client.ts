import { fetchUpstream, joinUrl, UpstreamError, type UpstreamCallOptions } from '../../lib/vendor-http.js';
import { DOKA, parseDokaPage, type DokaPage } from './mapping.js';

/**
 * The Doka site has no API: the product page (`/produto/{code}`) is fetched as HTML and read by
 * parseDokaPage (schema.org JSON-LD first, the visible markup as a fallback). No authentication.
 */

export { DOKA };
const PRODUCT_PATH = '/produto';

export interface DokaOptions extends UpstreamCallOptions {
  baseUrl: string;
}

export class DokaClient {
  constructor(private readonly options: DokaOptions) {}

  /** The HTML of the product page; null when the site has no page for `code`. */
  async productPage(code: string): Promise<string | null> {
    const { baseUrl, ...call } = this.options;
    try {
      return await fetchUpstream(DOKA, joinUrl(baseUrl, `${PRODUCT_PATH}/${encodeURIComponent(code)}`), {
        ...call,
        responseType: 'text',
        headers: { accept: 'text/html' },
      });
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === 'not-found') return null;
      throw error;
    }
  }

  /** The product as the page shows it; null when the site does not carry it. */
  async product(code: string): Promise<DokaPage | null> {
    const html = await this.productPage(code);
    return html === null ? null : parseDokaPage(html, code);
  }
}
