import { createServer, type RequestListener, type Server } from 'node:http';
import { loadCatalogue, type SandboxCatalogue } from './catalogue.js';
import { createBlingSandbox, type BlingSandbox } from './bling.js';
import { bunnyFaultBody, createBunnyStreamSandbox, TUS_PATH, type BunnyStreamSandbox } from './bunny-stream.js';
import { createDokaSandbox } from './doka.js';
import { withFaults, type FaultController } from './faults.js';
import { graphFaultBody } from './whatsapp.js';
import { createFilesSandbox } from './files.js';
import { createFrankeSandbox } from './franke.js';
import { createOpenAiSandbox, OPENAI_SANDBOX_KEY, openaiFaultBody, type OpenAiSandbox } from './openai.js';
import { loadTramontinaCredentials } from './respond.js';
import { createSiteStoreSandbox, STORE_SITES } from './site-store.js';
import { createTramontinaTstockSandbox } from './tramontina-tstock.js';
import { createTramontinaWebserviceSandbox } from './tramontina-webservice.js';
import { createWhatsappSandbox, type WhatsappSandbox } from './whatsapp.js';
import { createGoogleOAuthSandbox, GOOGLE_SANDBOX_CLIENT_ID, GOOGLE_SANDBOX_CLIENT_SECRET } from './google-oauth.js';
import { createSendgridSandbox, SENDGRID_SANDBOX_API_KEY, SENDGRID_WEBHOOK_PUBLIC_KEY, type SendgridSandbox } from './sendgrid.js';

// bench/bulk-sync.mjs loads the catalogue from the bundle (sandboxes/dist/index.mjs).
export { loadCatalogue } from './catalogue.js';
export type { FaultSpec, FaultController } from './faults.js';
export type { SendgridSandbox } from './sendgrid.js';

/**
 * Starts the upstream sandboxes, one loopback HTTP server each, in a fixed order so each keeps its
 * port: portBase + 0 bling, +1 tramontina-webservice, +2 tramontina-tstock, +3 franke, +4 doka,
 * +5..+8 the store sites (cookstore, centergarbin, excellenceshop, cookeletroraro), then the
 * later ones in the order of SANDBOX_NAMES (files: a remote file host for downloads by URL;
 * bunny-stream: Bunny Stream's library API, TUS upload, CDN thumbnails and embed player; openai:
 * OpenAI's Chat Completions API).
 * portBase 0 takes free ports (tests).
 */

export const SANDBOX_NAMES = [
  'bling',
  'tramontina-webservice',
  'tramontina-tstock',
  'franke',
  'doka',
  ...STORE_SITES.map((site) => `site-${site}` as const),
  'files',
  'bunny-stream',
  'openai',
  'sendgrid',
  'whatsapp',
  'google-oauth',
] as const;
export type SandboxName = (typeof SANDBOX_NAMES)[number];
export type SandboxUrls = Record<SandboxName, string>;

/** The vendor's own error body for a failure the harness injects (the default is the sandboxes' `{erro}`). */
const FAULT_BODIES: Partial<Record<SandboxName, (status: number) => unknown>> = {
  whatsapp: graphFaultBody,
  openai: openaiFaultBody,
  'bunny-stream': bunnyFaultBody,
};
/** Vendors whose 429 documents no Retry-After (sandboxes/README.md, 'Contracts'). */
const NO_RETRY_AFTER: ReadonlySet<SandboxName> = new Set(['bunny-stream']);

export interface StartedSandboxes {
  /** Base URL of each sandbox (Bling's ends in /Api/v3, as the production base does). */
  urls: SandboxUrls;
  /** In-process fault and request-log control (the same as /__sandbox/ over HTTP). */
  controls: Record<SandboxName, FaultController>;
  /** The Bling sandbox itself, for its own helpers (expireAccessTokens, produtos…). */
  bling: BlingSandbox;
  /** The Bunny Stream sandbox itself (encoding settings, videos, webhook deliveries). */
  bunnyStream: BunnyStreamSandbox;
  /** The OpenAI Chat Completions sandbox itself (behaviours, requests received). */
  openai: OpenAiSandbox;
  /** The WhatsApp Cloud API sandbox (limits, opt-outs, accepted messages). */
  whatsapp: WhatsappSandbox;
  /** The SendGrid sandbox (journal, faults, settings, webhook deliveries). */
  sendgrid: SendgridSandbox;
  stop(): Promise<void>;
}

export class SandboxPortError extends Error {
  constructor(
    readonly sandbox: string,
    readonly port: number,
  ) {
    super(`Sandbox ${sandbox}: port ${port} is taken (another \`npm start\` or test run?) — stop it, or set CONSOLE_PORT_OFFSET to shift the ports.`);
    this.name = 'SandboxPortError';
  }
}

function listen(server: Server, name: string, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new SandboxPortError(name, port) : error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    // Hanging requests (the `hang` fault) and idle keep-alive sockets would hold close() open.
    server.closeAllConnections();
  });
}

export async function startSandboxes({
  portBase = 0,
  host = '127.0.0.1',
  catalogue = loadCatalogue(),
  // Where Bunny Stream POSTs its status changes: the stack gives the functions' webhook URL.
  bunnyWebhookUrl = process.env.SANDBOX_BUNNY_WEBHOOK_URL || null,
  // Where SendGrid's Event Webhook posts: the stack gives the functions' endpoint.
  sendgridWebhookUrl = process.env.SANDBOX_SENDGRID_WEBHOOK_URL || null,
  // Where the WhatsApp sandbox POSTs message statuses (?project= is added per account).
  whatsappWebhookUrl = process.env.SANDBOX_WHATSAPP_WEBHOOK_URL || null,
}: {
  portBase?: number;
  host?: string;
  catalogue?: SandboxCatalogue;
  bunnyWebhookUrl?: string | null;
  sendgridWebhookUrl?: string | null;
  whatsappWebhookUrl?: string | null;
} = {}): Promise<StartedSandboxes> {
  const bling = createBlingSandbox(catalogue);
  const bunnyStream = createBunnyStreamSandbox({ webhookUrl: bunnyWebhookUrl });
  const openai = createOpenAiSandbox();
  const sendgrid = createSendgridSandbox({ webhookUrl: sendgridWebhookUrl });
  const whatsapp = createWhatsappSandbox({ webhookUrl: whatsappWebhookUrl });
  // The seed is 2.5 MB: read the manufacturer credentials from it once for both of its systems.
  const credentials = loadTramontinaCredentials();
  const vendors: Record<SandboxName, RequestListener> = {
    bling,
    'tramontina-webservice': createTramontinaWebserviceSandbox(catalogue, { credentials: credentials.webservice }),
    'tramontina-tstock': createTramontinaTstockSandbox(catalogue, { credentials: credentials.tstock }),
    franke: createFrankeSandbox(catalogue),
    doka: createDokaSandbox(catalogue),
    ...(Object.fromEntries(STORE_SITES.map((site) => [`site-${site}`, createSiteStoreSandbox(catalogue, site)])) as Record<
      `site-${(typeof STORE_SITES)[number]}`,
      RequestListener
    >),
    files: createFilesSandbox(),
    'bunny-stream': bunnyStream,
    openai,
    sendgrid,
    whatsapp,
    'google-oauth': createGoogleOAuthSandbox(),
  };

  const servers: Server[] = [];
  const urls = {} as SandboxUrls;
  const controls = {} as Record<SandboxName, FaultController>;
  const stop = async () => {
    await Promise.all(servers.map(close));
  };
  try {
    await Promise.all(
      SANDBOX_NAMES.map(async (name, i) => {
        const { listener, control } = withFaults(name, vendors[name], FAULT_BODIES[name], { retryAfter: !NO_RETRY_AFTER.has(name) });
        const server = createServer({ keepAliveTimeout: 5_000 }, listener);
        servers.push(server);
        const port = await listen(server, name, portBase ? portBase + i : 0, host);
        urls[name] = `http://${host}:${port}${name === 'bling' ? '/Api/v3' : ''}`;
        controls[name] = control;
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls, controls, bling, bunnyStream, openai, sendgrid, whatsapp, stop };
}

/** The functions' params (functions/src/config.ts) that point at the sandboxes. */
export function sandboxEnv(urls: SandboxUrls): Record<string, string> {
  return {
    BLING_API_URL: urls.bling,
    BLING_OAUTH_AUTHORIZE_URL: `${urls.bling}/oauth/authorize`,
    TRAMONTINA_WEBSERVICE_URL: urls['tramontina-webservice'],
    TRAMONTINA_TSTOCK_URL: urls['tramontina-tstock'],
    FRANKE_STORE_URL: urls.franke,
    DOKA_SITE_URL: urls.doka,
    STORE_SITE_URLS: JSON.stringify(Object.fromEntries(STORE_SITES.map((site) => [site, urls[`site-${site}`]]))),
    // Downloads by URL refuse loopback; exactly the files sandbox's origin is let through locally.
    DOWNLOAD_URL_ALLOWED_ORIGINS: new URL(urls.files).origin,
    BUNNY_STREAM_API_URL: urls['bunny-stream'],
    BUNNY_TUS_URL: `${urls['bunny-stream']}${TUS_PATH}`,
    BUNNY_EMBED_URL: `${urls['bunny-stream']}/embed`,
    BUNNY_CDN_URL: `${urls['bunny-stream']}/cdn/{cdnHostname}`,
    // The openai client's base URL includes the API version, as https://api.openai.com/v1 does.
    OPENAI_BASE_URL: `${urls.openai}/v1`,
    // Short attempts locally, so a hanging sandbox fails in seconds (production: 25 s).
    OPENAI_TIMEOUT_SECONDS: '8',
    WHATSAPP_API_URL: `${urls.whatsapp}/v21.0`,
    GOOGLE_OAUTH_DISCOVERY_URL: `${urls['google-oauth']}/.well-known/openid-configuration`,
    GOOGLE_OAUTH_CLIENT_ID: GOOGLE_SANDBOX_CLIENT_ID,
    SENDGRID_API_URL: urls.sendgrid,
    SENDGRID_WEBHOOK_PUBLIC_KEY,
  };
}

/** Secrets (functions/.secret.local) the sandboxes accept: the functions read them with defineSecret. */
export function sandboxSecrets(): Record<string, string> {
  return {
    SENDGRID_API_KEY: SENDGRID_SANDBOX_API_KEY,
    // Signs the unsubscribe links; stable so links in e-mails sent before a restart still work.
    CAMPAIGN_LINK_SECRET: 'local-campaign-link-secret-not-for-production',
    OPENAI_API_KEY: OPENAI_SANDBOX_KEY,
    GOOGLE_OAUTH_CLIENT_SECRET: GOOGLE_SANDBOX_CLIENT_SECRET,
  };
}
