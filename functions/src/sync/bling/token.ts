import { setTimeout as sleep } from 'node:timers/promises';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.js';
import { UpstreamError, basicAuth, fetchUpstream } from '../../lib/vendor-http.js';

/**
 * Bling OAuth tokens of one account: read from config/bling, renewed with the refresh token when
 * Bling refuses the access token (401) or it is about to expire, and written back atomically.
 * Tokens never enter a log line or an error message.
 */

/** The bearer as config/bling stores it (Bling's answer in camelCase) plus when it expires. */
export interface BlingBearer {
  accessToken: string;
  expiresIn: number;
  tokenType: string;
  scope: string;
  refreshToken: string;
  /** ISO instant; written by renewals, absent from tokens typed by hand (then only a 401 renews). */
  expiresAt?: string;
  /** ISO instant: an instance is exchanging this bearer's refresh token until then (a lease). */
  renewingUntil?: string;
  /** ISO instant the tokens were obtained (connection or renewal): the settings screen shows it. */
  refreshedAt?: string;
  /** ISO instant the refresh token dies (30 days after it was issued, as Bling documents). */
  refreshExpiresAt?: string;
}

export interface BlingAccountCredentials {
  /** The account's description (or 'Conta padrão'), for messages. */
  description: string;
  clientId: string;
  clientSecret: string;
  /**
   * Who Bling counts the limits of: the account's `accountId` in config/bling when set (entries
   * that are the same Bling company — several apps, several projects — must share it), else its
   * app's client id.
   */
  accountKey: string;
  bearer: BlingBearer;
}

/** Where an account's credentials live, and how to replace its bearer without losing a race. */
export interface BlingTokenStore {
  /** Same key, same stored bearer: caches and in-process coalescing go by it. */
  readonly key: string;
  read(): Promise<BlingAccountCredentials>;
  /**
   * Atomically: if the stored access token is still `staleAccessToken`, stores the bearer that
   * `exchange` gets for the stored credentials and returns it; if another call renewed it already,
   * returns the stored bearer without calling `exchange` (the refresh token it holds is spent).
   */
  renew(staleAccessToken: string, exchange: (stored: BlingAccountCredentials) => Promise<BlingBearer>): Promise<BlingBearer>;
}

/** The `bling` query parameter: an account's index in accounts[] or its description; none = the top-level credentials. */
export type BlingAccountRef = string | number | undefined | null;

const bearerSchema = z.looseObject({
  accessToken: z.string().optional(),
  expiresIn: z.number().optional(),
  tokenType: z.string().optional(),
  scope: z.string().optional(),
  refreshToken: z.string().optional(),
  expiresAt: z.string().optional(),
  renewingUntil: z.string().optional(),
  refreshedAt: z.string().optional(),
  refreshExpiresAt: z.string().optional(),
});
const accountSchema = z.looseObject({
  description: z.string().optional(),
  accountId: z.string().optional(),
  clientId: z.string().optional(),
  clientSecret: z.string().optional(),
  bearer: bearerSchema.optional(),
});
const configSchema = accountSchema.extend({ accounts: z.array(accountSchema).optional() });

/** Where the account sits in config/bling: the top level ('root') or accounts[index]. */
export interface LocatedAccount {
  slot: 'root' | number;
  credentials: BlingAccountCredentials;
}

const DEFAULT_DESCRIPTION = 'Conta padrão';

/**
 * Finds the account `ref` names in a config/bling document: a number (or digits) is the index in
 * accounts[], any other text the description (case and surrounding spaces ignored); no ref is the
 * top-level credentials, or the first account when the top level has none.
 */
export function locateBlingAccount(rawConfig: unknown, ref: BlingAccountRef, project: string, { requireToken = true } = {}): LocatedAccount {
  const parsed = configSchema.safeParse(rawConfig ?? {});
  if (rawConfig === undefined || !parsed.success) {
    throw new ApiError(404, `Configuração do Bling (config/bling) não encontrada ou inválida no projeto ${project}.`);
  }
  const config = parsed.data;
  const accounts = config.accounts ?? [];
  const wanted = ref === undefined || ref === null ? '' : String(ref).trim();
  let slot: 'root' | number;
  if (wanted === '') {
    slot = config.clientId || accounts.length === 0 ? 'root' : 0;
  } else if (/^\d+$/.test(wanted) && Number(wanted) < accounts.length) {
    slot = Number(wanted);
  } else {
    slot = accounts.findIndex((account) => account.description?.trim().toLowerCase() === wanted.toLowerCase());
    if (slot === -1) throw new ApiError(400, `Conta Bling "${wanted}" não encontrada em config/bling do projeto ${project}.`);
  }
  const entry = slot === 'root' ? config : accounts[slot]!;
  const description = entry.description?.trim() || (slot === 'root' ? DEFAULT_DESCRIPTION : `Conta ${slot}`);
  const bearer = entry.bearer ?? {};
  if (!entry.clientId || !entry.clientSecret) {
    throw new ApiError(400, `A conta Bling "${description}" do projeto ${project} não tem client id/secret em config/bling.`);
  }
  if (requireToken && !bearer.accessToken && !bearer.refreshToken) {
    throw new ApiError(400, `A conta Bling "${description}" do projeto ${project} não tem token; autorize o aplicativo no Bling.`);
  }
  return {
    slot,
    credentials: {
      description,
      clientId: entry.clientId,
      clientSecret: entry.clientSecret,
      accountKey: entry.accountId?.trim() || entry.clientId,
      bearer: {
        accessToken: bearer.accessToken ?? '',
        expiresIn: bearer.expiresIn ?? 0,
        tokenType: bearer.tokenType ?? 'Bearer',
        scope: bearer.scope ?? '',
        refreshToken: bearer.refreshToken ?? '',
        ...(bearer.expiresAt ? { expiresAt: bearer.expiresAt } : {}),
        ...(bearer.renewingUntil ? { renewingUntil: bearer.renewingUntil } : {}),
        ...(bearer.refreshedAt ? { refreshedAt: bearer.refreshedAt } : {}),
        ...(bearer.refreshExpiresAt ? { refreshExpiresAt: bearer.refreshExpiresAt } : {}),
      },
    },
  };
}

/** The fields to update in config/bling so that the account in `slot` holds `bearer` (and nothing else changes). */
export function bearerUpdate(rawConfig: unknown, slot: 'root' | number, bearer: BlingBearer): Record<string, unknown> {
  return accountFieldUpdate(rawConfig, slot, 'bearer', bearer);
}

/** The fields to update in config/bling so that one field of the account in `slot` is `value`. */
export function accountFieldUpdate(rawConfig: unknown, slot: 'root' | number, field: string, value: unknown): Record<string, unknown> {
  if (slot === 'root') return { [field]: value };
  // Firestore cannot update one element of an array: the list is written back whole, inside the
  // same transaction that read it.
  const accounts = [...((rawConfig as { accounts?: Record<string, unknown>[] }).accounts ?? [])];
  accounts[slot] = { ...accounts[slot], [field]: value };
  return { accounts };
}

/** config/bling of a project in Firestore; renewals run in a transaction on that document. */
export class FirestoreBlingTokenStore implements BlingTokenStore {
  readonly key: string;
  private readonly document: DocumentReference;

  constructor(
    private readonly firestore: Firestore,
    private readonly project: string,
    private readonly account: BlingAccountRef,
  ) {
    this.key = `firestore:${project}:${account ?? ''}`;
    this.document = firestore.doc(`project/${project}/config/bling`);
  }

  async read(): Promise<BlingAccountCredentials> {
    const snapshot = await this.document.get();
    return locateBlingAccount(snapshot.data(), this.account, this.project).credentials;
  }

  /**
   * The refresh token is single-use and two transactions can read the same stale bearer at once, so
   * the exchange does not run inside one: a first transaction takes a lease (renewingUntil, on the
   * bearer being renewed), the exchange runs, a second one stores the new bearer (which has no
   * lease). Other instances meanwhile wait for the new bearer instead of spending the token again.
   */
  async renew(staleAccessToken: string, exchange: (stored: BlingAccountCredentials) => Promise<BlingBearer>): Promise<BlingBearer> {
    const giveUpAt = Date.now() + RENEWAL_LEASE_MS + 10_000;
    for (;;) {
      const step = await this.firestore.runTransaction(async (transaction) => {
        const config = (await transaction.get(this.document)).data();
        const { slot, credentials } = locateBlingAccount(config, this.account, this.project);
        const { bearer } = credentials;
        if (bearer.accessToken !== staleAccessToken) return { renewed: bearer };
        if (Date.parse(bearer.renewingUntil ?? '') > Date.now()) return { wait: true as const };
        const leased = { ...bearer, renewingUntil: new Date(Date.now() + RENEWAL_LEASE_MS).toISOString() };
        transaction.update(this.document, bearerUpdate(config, slot, leased));
        return { leased: credentials };
      });
      if (step.renewed) return step.renewed;
      if (step.leased) return this.exchangeUnderLease(step.leased, exchange);
      if (Date.now() > giveUpAt) {
        throw new UpstreamError('Bling', 'timeout', 'a renovação do token em andamento em outra instância não terminou');
      }
      await sleep(RENEWAL_POLL_MS);
    }
  }

  private async exchangeUnderLease(stored: BlingAccountCredentials, exchange: (stored: BlingAccountCredentials) => Promise<BlingBearer>): Promise<BlingBearer> {
    let renewed: BlingBearer;
    try {
      renewed = await exchange(stored);
    } catch (error) {
      // Give the lease back, so the next call may try again at once.
      await this.storeBearer(stored.bearer).catch(() => undefined);
      throw error;
    }
    await this.storeBearer(renewed);
    return renewed;
  }

  /** Records the last scheduled renewal's failure on the account (null: it succeeded), for the settings screen. */
  setTokenError(message: string | null): Promise<void> {
    return this.firestore.runTransaction(async (transaction) => {
      const config = (await transaction.get(this.document)).data();
      const { slot } = locateBlingAccount(config, this.account, this.project, { requireToken: false });
      transaction.update(this.document, accountFieldUpdate(config, slot, 'tokenError', message));
    });
  }

  private storeBearer(bearer: BlingBearer): Promise<void> {
    return this.firestore.runTransaction(async (transaction) => {
      // Read again: the account list may have been edited while Bling answered.
      const config = (await transaction.get(this.document)).data();
      const { slot } = locateBlingAccount(config, this.account, this.project);
      transaction.update(this.document, bearerUpdate(config, slot, bearer));
    });
  }
}

// Longer than an /oauth/token call with its retries can take.
const RENEWAL_LEASE_MS = 60_000;
const RENEWAL_POLL_MS = 500;

export const oauthAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  token_type: z.string(),
  scope: z.string().optional(),
  refresh_token: z.string().min(1),
});

export interface OAuthOptions {
  baseUrl: string;
  /** Awaited before each /oauth/token attempt: the account's pacer, so a renewal waits its turn with the account's requests. */
  pace?: (credentials: BlingAccountCredentials) => Promise<void>;
  timeoutMs?: number;
  now?: () => number;
}

/** Bling's refresh token lives 30 days (developer.bling.com.br/aplicativos); its answer does not say. */
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 86_400_000;

/** Bling's token answer as config/bling stores it, with when it was obtained and when each token dies. */
export function bearerFromAnswer(answer: z.infer<typeof oauthAnswerSchema>, at: number, previousScope = ''): BlingBearer {
  return {
    accessToken: answer.access_token,
    expiresIn: answer.expires_in,
    tokenType: answer.token_type,
    scope: answer.scope ?? previousScope,
    refreshToken: answer.refresh_token,
    expiresAt: new Date(at + answer.expires_in * 1000).toISOString(),
    refreshedAt: new Date(at).toISOString(),
    refreshExpiresAt: new Date(at + REFRESH_TOKEN_LIFETIME_MS).toISOString(),
  };
}

/**
 * POST /oauth/token as Bling documents it: HTTP Basic client authentication, a form body, and
 * `enable-jwt: 1` (opaque tokens are deprecated: developer.bling.com.br/migracao-jwt).
 */
export function oauthTokenRequest(credentials: { clientId: string; clientSecret: string }, form: Record<string, string>) {
  return {
    method: 'POST',
    headers: {
      Authorization: basicAuth(credentials.clientId, credentials.clientSecret),
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      'enable-jwt': '1',
    },
    body: new URLSearchParams(form).toString(),
    schema: oauthAnswerSchema,
  } as const;
}

/** POST /oauth/token with grant_type=refresh_token: Bling rotates both tokens. */
export async function exchangeRefreshToken(credentials: BlingAccountCredentials, options: OAuthOptions): Promise<BlingBearer> {
  const now = options.now ?? Date.now;
  if (!credentials.bearer.refreshToken) {
    throw new UpstreamError('Bling', 'auth', `a conta "${credentials.description}" não tem refresh token; autorize o aplicativo novamente no Bling`);
  }
  try {
    const answer = await fetchUpstream('Bling', `${options.baseUrl}/oauth/token`, {
      ...oauthTokenRequest(credentials, { grant_type: 'refresh_token', refresh_token: credentials.bearer.refreshToken }),
      timeoutMs: options.timeoutMs,
      ...(options.pace ? { beforeAttempt: () => options.pace!(credentials) } : {}),
    });
    return bearerFromAnswer(answer, now(), credentials.bearer.scope);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const refused = error.kind === 'auth' || error.kind === 'rejected';
    throw new UpstreamError(
      'Bling',
      refused ? 'auth' : error.kind,
      refused
        ? `o Bling recusou a renovação do token da conta "${credentials.description}" (HTTP ${error.upstreamStatus}); autorize o aplicativo novamente no Bling`
        : `falha ao renovar o token da conta "${credentials.description}": ${error.reason}`,
      error.upstreamStatus,
      error.attempts,
    );
  }
}

// Renew a little before the stated expiry, so a token does not die between check and use.
const EXPIRY_MARGIN_MS = 60_000;
const CREDENTIALS_TTL_MS = 60_000;
const cachedCredentials = new Map<string, { credentials: BlingAccountCredentials; readAt: number }>();
const renewals = new Map<string, Promise<BlingBearer>>();

/**
 * The tokens of one account for the client: the current access token (renewed ahead of its expiry
 * when the expiry is known) and renewal after a 401. Credentials are cached for a minute per
 * process, and concurrent renewals of one account in the process share one /oauth/token call.
 */
export class BlingTokens {
  constructor(
    private readonly store: BlingTokenStore,
    private readonly oauth: OAuthOptions,
  ) {}

  async credentials(): Promise<BlingAccountCredentials> {
    const now = Date.now();
    const cached = cachedCredentials.get(this.store.key);
    if (cached && now - cached.readAt < CREDENTIALS_TTL_MS) return cached.credentials;
    const credentials = await this.store.read();
    cachedCredentials.set(this.store.key, { credentials, readAt: now });
    return credentials;
  }

  /** An access token believed valid. */
  async accessToken(): Promise<string> {
    const { bearer } = await this.credentials();
    const expiresAt = bearer.expiresAt ? Date.parse(bearer.expiresAt) : NaN;
    if (!bearer.accessToken || expiresAt - EXPIRY_MARGIN_MS <= Date.now()) return this.renew(bearer.accessToken);
    return bearer.accessToken;
  }

  /** A new access token, replacing `staleAccessToken` (the one Bling refused). */
  async renew(staleAccessToken: string): Promise<string> {
    const key = this.store.key;
    let renewal = renewals.get(key);
    if (!renewal) {
      renewal = this.renewStored(staleAccessToken).finally(() => renewals.delete(key));
      renewals.set(key, renewal);
    }
    return (await renewal).accessToken;
  }

  private async renewStored(staleAccessToken: string): Promise<BlingBearer> {
    let bearer: BlingBearer;
    try {
      bearer = await this.store.renew(staleAccessToken, (stored) => exchangeRefreshToken(stored, this.oauth));
    } catch (error) {
      // Another process may have spent the refresh token first; then its new bearer is stored.
      const stored = await this.store.read().catch(() => undefined);
      if (!stored || stored.bearer.accessToken === staleAccessToken || !stored.bearer.accessToken) throw error;
      bearer = stored.bearer;
    }
    const cached = cachedCredentials.get(this.store.key);
    if (cached) cachedCredentials.set(this.store.key, { credentials: { ...cached.credentials, bearer }, readAt: Date.now() });
    return bearer;
  }
}
