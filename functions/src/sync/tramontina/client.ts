import { z } from 'zod';
import { fetchUpstream, joinUrl, UpstreamError, type UpstreamCallOptions } from '../../lib/vendor-http.js';

/**
 * The manufacturer's product web service: a login with the web service user and password of
 * config/tramontina gives a bearer token; products are read by company and code. The token is kept
 * by the client instance and renewed once when the service refuses it.
 */

export const TRAMONTINA_WEBSERVICE = 'Tramontina webservice';

export interface UpstreamCredentials {
  user: string;
  password: string;
}

const LOGIN_PATH = '/api/v1/autenticacao';
const PRODUCT_PATH = '/api/v1/produtos';

const loginSchema = z.object({
  token: z.string().min(1),
  expiraEmSegundos: z.number().positive().optional(),
});

const measure = z.number().nullish();

export const webserviceProductSchema = z.object({
  Company: z.number().int(),
  ProductCode: z.string().min(1),
  Description: z.string(),
  DescriptionLong: z.string().nullish(),
  Line: z.string().nullish(),
  Brand: z.string().nullish(),
  EAN13: z.string().nullish(),
  NCM: z.string().nullish(),
  Salable: z.string().nullish(),
  Status: z.string().nullish(),
  Warranty: z.string().nullish(),
  Dimensions: z
    .object({
      Height: measure,
      Width: measure,
      Length: measure,
      Unit: z.string().nullish(),
      NetWeight: measure,
      GrossWeight: measure,
      WeightUnit: z.string().nullish(),
    })
    .nullish(),
  Packing: z.object({ Height: measure, Width: measure, Length: measure }).nullish(),
  Prices: z.object({
    PriceNet: measure,
    PriceMin: measure,
    PriceMinInstallments: measure,
    PriceNetIPI: measure,
    PriceNetByQty: z.array(z.object({ Qty: z.number().int().positive(), PriceNet: z.number() })).default([]),
  }),
  Images: z
    .array(z.object({ Url: z.string().min(1), Order: z.number().optional(), Type: z.string().optional(), Extension: z.string().optional() }))
    .default([]),
  UpdatedAt: z.string().nullish(),
});
export type WebserviceProduct = z.infer<typeof webserviceProductSchema>;

export interface TramontinaWebserviceOptions extends UpstreamCallOptions {
  baseUrl: string;
  credentials: UpstreamCredentials;
}

export class TramontinaWebserviceClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly options: TramontinaWebserviceOptions) {}

  private call() {
    const { baseUrl: _base, credentials: _credentials, ...call } = this.options;
    return call;
  }

  private async login(): Promise<string> {
    const { baseUrl, credentials } = this.options;
    const answer = await fetchUpstream(TRAMONTINA_WEBSERVICE, joinUrl(baseUrl, LOGIN_PATH), {
      ...this.call(),
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ usuario: credentials.user, senha: credentials.password }),
      // A login changes nothing upstream: repeating it is safe.
      idempotent: true,
      schema: loginSchema,
    });
    // Renewed a minute early so a token never expires between our check and the service's.
    const ttlMs = (answer.expiraEmSegundos ?? 3600) * 1000;
    this.token = { value: answer.token, expiresAt: Date.now() + ttlMs - 60_000 };
    return answer.token;
  }

  private async bearer(): Promise<string> {
    return this.token && this.token.expiresAt > Date.now() ? this.token.value : this.login();
  }

  /** The product of `company` with `code`; null when the web service does not know it. */
  async product(company: number, code: string): Promise<WebserviceProduct | null> {
    const url = joinUrl(this.options.baseUrl, `${PRODUCT_PATH}/${encodeURIComponent(String(company))}/${encodeURIComponent(code)}`);
    for (let attempt = 0; ; attempt++) {
      const token = await this.bearer();
      try {
        return await fetchUpstream(TRAMONTINA_WEBSERVICE, url, {
          ...this.call(),
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          schema: webserviceProductSchema,
        });
      } catch (error) {
        if (error instanceof UpstreamError && error.kind === 'not-found') return null;
        // An expired or revoked token: log in again, once.
        if (error instanceof UpstreamError && error.upstreamStatus === 401 && attempt === 0) {
          this.token = null;
          continue;
        }
        throw error;
      }
    }
  }
}
