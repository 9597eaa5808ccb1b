import { defineInt, defineSecret, defineString } from 'firebase-functions/params';

/**
 * Every configuration parameter of the functions, declared once and read here only: the code calls
 * the named accessors at the end of this file (`openAiApiKey()`, …), never `.value()` itself, so
 * which code reads which secret is visible in its imports (functions/src/http/secrets.test.ts
 * checks each deployed function declares exactly the secrets its endpoints read). Values come from
 * functions/.env.<project> (the local stack writes functions/.env.<demo project> with the
 * sandboxes' loopback URLs) or are prompted at deploy. Upstream credentials are not here: the spec
 * keeps them in admin-only config documents (config/bling accounts, config/tramontina).
 */
/** Region of every function; Hosting's /api/** rewrite points at the same region (firebase.json). */
export const REGION = 'southamerica-east1';

// Upstream base URLs: production defaults, loopback sandboxes locally.
const BLING_API_URL = defineString('BLING_API_URL', {
  default: 'https://api.bling.com.br/Api/v3',
  description: 'Bling ERP API v3 base URL.',
});
const BLING_OAUTH_AUTHORIZE_URL = defineString('BLING_OAUTH_AUTHORIZE_URL', {
  default: 'https://www.bling.com.br/Api/v3/oauth/authorize',
  description: "Bling's OAuth consent page ('Conectar Bling'); the token endpoint is BLING_API_URL/oauth/token.",
});
const TRAMONTINA_WEBSERVICE_URL = defineString('TRAMONTINA_WEBSERVICE_URL', {
  default: 'https://webservice.tramontina.com.br',
  description: "Manufacturer's product web service base URL.",
});
const TRAMONTINA_TSTOCK_URL = defineString('TRAMONTINA_TSTOCK_URL', {
  default: 'https://tstock.tramontina.com.br',
  description: "Manufacturer's stock system (TStock) base URL.",
});
const FRANKE_STORE_URL = defineString('FRANKE_STORE_URL', {
  default: 'https://www.lojafranke.com.br',
  description: 'Franke store base URL.',
});
const DOKA_SITE_URL = defineString('DOKA_SITE_URL', {
  default: 'https://www.doka.com.br',
  description: 'Doka site base URL.',
});
/** The four store sites of /api/sites/{site}/products, as JSON {site: baseUrl}. */
const STORE_SITE_URLS = defineString('STORE_SITE_URLS', {
  default: JSON.stringify({
    cookstore: 'https://www.cookstore.com.br',
    centergarbin: 'https://www.centergarbin.com.br',
    excellenceshop: 'https://www.excellenceshop.com.br',
    cookeletroraro: 'https://www.cookeletroraro.com.br',
  }),
  description: 'Base URL of each store site, JSON {cookstore, centergarbin, excellenceshop, cookeletroraro}.',
});
/**
 * Bling store ids (`loja`) of each marketplace plus the update-store id, JSON
 * {shopee, amazon, magalu, madeiramadeira, updateStore}. The spec does not give the values.
 */
const MARKETPLACE_STORE_IDS = defineString('MARKETPLACE_STORE_IDS', {
  default: JSON.stringify({ shopee: '203000001', amazon: '203000002', magalu: '203000003', madeiramadeira: '203000004', updateStore: '203000005' }),
  description: 'Bling store ids per marketplace, JSON {shopee, amazon, magalu, madeiramadeira, updateStore}.',
});
/** 'duckdb' (embedded, the local default) or 'bigquery' (production). */
const WAREHOUSE = defineString('WAREHOUSE', {
  default: 'bigquery',
  description: "Warehouse adapter: 'bigquery' in production, 'duckdb' locally.",
});
const BIGQUERY_DATASET = defineString('BIGQUERY_DATASET', {
  default: 'console',
  description: 'BigQuery dataset holding the warehouse tables.',
});

// Bunny Stream (functions/src/bunny): the library API, the TUS endpoint the browser uploads to,
// the embed player and the CDN the thumbnails come from. The library id and keys are per project
// in the admin-only config/bunny.
const BUNNY_STREAM_API_URL = defineString('BUNNY_STREAM_API_URL', {
  default: 'https://video.bunnycdn.com',
  description: 'Bunny Stream API base URL (…/library/{libraryId}/videos).',
});
const BUNNY_TUS_URL = defineString('BUNNY_TUS_URL', {
  default: 'https://video.bunnycdn.com/tusupload',
  description: 'Bunny Stream TUS upload endpoint the browser uploads videos to.',
});
const BUNNY_EMBED_URL = defineString('BUNNY_EMBED_URL', {
  default: 'https://iframe.mediadelivery.net/embed',
  description: 'Bunny Stream embed player base URL (…/{libraryId}/{videoId}).',
});
/** Thumbnails: {cdnHostname} is config/bunny's; the video's path and file name follow. */
const BUNNY_CDN_URL = defineString('BUNNY_CDN_URL', {
  default: 'https://{cdnHostname}',
  description: 'Bunny Stream CDN base URL of a library, with the placeholder {cdnHostname}.',
});

/**
 * Downloads by URL (POST /api/console/files/download-url) refuse internal addresses. Origins listed
 * here (scheme://host:port, exact, comma-separated) are let through anyway: locally only the files
 * sandbox on loopback; empty in production.
 */
const DOWNLOAD_URL_ALLOWED_ORIGINS = defineString('DOWNLOAD_URL_ALLOWED_ORIGINS', {
  default: '',
  description: 'Origins exempt from the internal-address check of downloads by URL (empty in production).',
});

// OpenAI (functions/src/ai): the assistant of the document form and the product texts. The key is
// a Secret Manager secret (locally functions/.secret.local, written by scripts/lib/stack.mjs with
// the sandbox's key); it is read only by the functions and never sent to the browser or logged.
export const OPENAI_API_KEY = defineSecret('OPENAI_API_KEY');
const OPENAI_BASE_URL = defineString('OPENAI_BASE_URL', {
  default: 'https://api.openai.com/v1',
  description: 'OpenAI API base URL (the openai client adds /chat/completions).',
});
const OPENAI_MODEL = defineString('OPENAI_MODEL', {
  default: 'gpt-4o-mini',
  description: 'Chat Completions model of the assistant and the product texts.',
});
/** Tokens (in + out) a project may spend on AI per calendar month (UTC); project/{p}.aiMonthlyTokenBudget overrides it. */
const AI_MONTHLY_TOKEN_BUDGET = defineInt('AI_MONTHLY_TOKEN_BUDGET', {
  default: 2_000_000,
  description: 'Default monthly AI token budget per project (tokens in + out).',
});
/** Model calls one user may start per minute (assistant rounds and product texts together). */
const AI_USER_CALLS_PER_MINUTE = defineInt('AI_USER_CALLS_PER_MINUTE', {
  default: 60,
  description: 'Per-user limit of AI model calls per minute.',
});
/** Seconds per OpenAI attempt (the client tries three times); 8 s locally against the sandbox. */
const OPENAI_TIMEOUT_SECONDS = defineInt('OPENAI_TIMEOUT_SECONDS', {
  default: 25,
  description: 'Timeout of one OpenAI request attempt, in seconds.',
});

// WhatsApp Cloud API (functions/src/whatsapp): the Graph API base with its version. The token,
// WABA and phone-number ids, app secret and test number are per project in the admin-only config/waba.
const WHATSAPP_API_URL = defineString('WHATSAPP_API_URL', {
  default: 'https://graph.facebook.com/v21.0',
  description: 'WhatsApp Cloud API (Graph API) base URL, version included.',
});
/** Messages per second a campaign sends from one number (Cloud API default throughput: 80/s). */
const WHATSAPP_MESSAGES_PER_SECOND = defineString('WHATSAPP_MESSAGES_PER_SECOND', {
  default: '80',
  description: "Campaign send rate per phone number (messages/s), at or under the number's Cloud API throughput.",
});

// Google OAuth (the Google Console connection, /api/console/auth/google).
// The consent, token and userinfo endpoints are read from Google's discovery document, as Google
// asks (developers.google.com/identity/openid-connect/openid-connect#discovery).
const GOOGLE_OAUTH_DISCOVERY_URL = defineString('GOOGLE_OAUTH_DISCOVERY_URL', {
  default: 'https://accounts.google.com/.well-known/openid-configuration',
  description: "Google's OpenID Connect discovery document (where the consent, token and userinfo endpoints are read from).",
});
const GOOGLE_OAUTH_CLIENT_ID = defineString('GOOGLE_OAUTH_CLIENT_ID', {
  default: '',
  description: 'OAuth client id (Google Cloud console → Credentials, web application) of the Google Console connection.',
});
const GOOGLE_OAUTH_SCOPES = defineString('GOOGLE_OAUTH_SCOPES', {
  default: 'openid email https://www.googleapis.com/auth/webmasters.readonly',
  description: 'Scopes the Google Console connection asks for (space-separated).',
});
/** The OAuth client's secret: Secret Manager (`firebase functions:secrets:set GOOGLE_OAUTH_CLIENT_SECRET`). */
export const GOOGLE_OAUTH_CLIENT_SECRET = defineSecret('GOOGLE_OAUTH_CLIENT_SECRET');
// SendGrid (functions/src/campaigns): Mail Send, Email Activity and the Event Webhook. The API key
// is a secret; the sender comes from each store's config/sendgrid (email, emailReply).
const SENDGRID_API_URL = defineString('SENDGRID_API_URL', {
  default: 'https://api.sendgrid.com',
  description: 'SendGrid v3 API base URL.',
});
export const SENDGRID_API_KEY = defineSecret('SENDGRID_API_KEY');
/** Mail Send requests per second a campaign makes (each carries up to 1,000 recipients). */
const SENDGRID_MAIL_SEND_PER_SECOND = defineString('SENDGRID_MAIL_SEND_PER_SECOND', {
  default: '10',
  description: 'Campaign Mail Send requests per second (SendGrid API key).',
});
/** Email Activity API calls per minute the reconciliation of unanswered sends may make. */
const SENDGRID_ACTIVITY_PER_MINUTE = defineString('SENDGRID_ACTIVITY_PER_MINUTE', {
  default: '6',
  description: "Email Activity API requests per minute (SendGrid's limit for the account).",
});
/** A campaign send pauses itself after this many chunks in a row the provider did not take. */
const CAMPAIGN_PAUSE_AFTER_FAILURES = defineString('CAMPAIGN_PAUSE_AFTER_FAILURES', {
  default: '5',
  description: 'Consecutive provider failures (after retries) before a campaign send pauses itself.',
});
/**
 * How far behind Firestore the warehouse's copy of the customers may be when a segment is
 * evaluated there (customer-warehouse/README.md, 'Fresh and honest'): a send's snapshot waits up
 * to this long for the mirror to hold every customer, event, quote, order and product document
 * (both sides' counts agree), and is refused (retried by the queue) past it.
 */
const CUSTOMER_WAREHOUSE_MAX_LAG_SECONDS = defineString('CUSTOMER_WAREHOUSE_MAX_LAG_SECONDS', {
  default: '60',
  description: "Seconds a campaign snapshot waits for the warehouse's copy of the customers to catch up with Firestore.",
});
/** The Event Webhook's verification key (Mail Settings → Signed Event Webhook), base64 DER; not a secret. */
const SENDGRID_WEBHOOK_PUBLIC_KEY = defineString('SENDGRID_WEBHOOK_PUBLIC_KEY', {
  default: '',
  description: 'SendGrid Signed Event Webhook verification key (base64); empty refuses every webhook call.',
});
/** Signs the unsubscribe links of campaign e-mails (HMAC). */
export const CAMPAIGN_LINK_SECRET = defineSecret('CAMPAIGN_LINK_SECRET');
/** Public origin of the console's API (Hosting), for links inside e-mails: https://console.example.com. */
const PUBLIC_BASE_URL = defineString('PUBLIC_BASE_URL', {
  default: '',
  description:
    "Public origin of this console (Hosting): the unsubscribe links inside e-mails and the Google connection's redirects (never the request's Host).",
});

// Accessors: the only `.value()` calls of the functions. Read at request time, never at load (a
// param has no value while firebase-tools discovers the functions).
export const blingApiUrl = (): string => BLING_API_URL.value();
export const blingOAuthAuthorizeUrl = (): string => BLING_OAUTH_AUTHORIZE_URL.value();
export const tramontinaWebserviceUrl = (): string => TRAMONTINA_WEBSERVICE_URL.value();
export const tramontinaTstockUrl = (): string => TRAMONTINA_TSTOCK_URL.value();
export const frankeStoreUrl = (): string => FRANKE_STORE_URL.value();
export const dokaSiteUrl = (): string => DOKA_SITE_URL.value();
/** JSON {site: baseUrl} (parseStoreSiteUrls). */
export const storeSiteUrlsJson = (): string => STORE_SITE_URLS.value();
/** JSON {shopee, amazon, magalu, madeiramadeira, updateStore} (parseMarketplaceStoreIds). */
export const marketplaceStoreIdsJson = (): string => MARKETPLACE_STORE_IDS.value();
export const warehouseAdapter = (): string => WAREHOUSE.value();
export const bigQueryDataset = (): string => BIGQUERY_DATASET.value();
export const bunnyStreamUrls = () => ({
  api: BUNNY_STREAM_API_URL.value(),
  tus: BUNNY_TUS_URL.value(),
  embed: BUNNY_EMBED_URL.value(),
  cdn: BUNNY_CDN_URL.value(),
});
export const downloadUrlAllowedOrigins = (): string => DOWNLOAD_URL_ALLOWED_ORIGINS.value();
export function openAiApiKey(): string {
  return OPENAI_API_KEY.value();
}
export const openAiBaseUrl = (): string => OPENAI_BASE_URL.value();
export const openAiModel = (): string => OPENAI_MODEL.value();
export const openAiTimeoutSeconds = (): number => OPENAI_TIMEOUT_SECONDS.value();
export const aiMonthlyTokenBudget = (): number => AI_MONTHLY_TOKEN_BUDGET.value();
export const aiUserCallsPerMinute = (): number => AI_USER_CALLS_PER_MINUTE.value();
export const whatsappApiUrl = (): string => WHATSAPP_API_URL.value();
export const whatsappMessagesPerSecond = (): string => WHATSAPP_MESSAGES_PER_SECOND.value();
export const googleOAuthDiscoveryUrl = (): string => GOOGLE_OAUTH_DISCOVERY_URL.value();
export const googleOAuthClientId = (): string => GOOGLE_OAUTH_CLIENT_ID.value();
export const googleOAuthScopes = (): string => GOOGLE_OAUTH_SCOPES.value();
export function googleOAuthClientSecret(): string {
  return GOOGLE_OAUTH_CLIENT_SECRET.value();
}
export const sendgridApiUrl = (): string => SENDGRID_API_URL.value();
export function sendgridApiKey(): string {
  return SENDGRID_API_KEY.value();
}
export const sendgridMailSendPerSecond = (): string => SENDGRID_MAIL_SEND_PER_SECOND.value();
export const sendgridActivityPerMinute = (): string => SENDGRID_ACTIVITY_PER_MINUTE.value();
export const campaignPauseAfterFailures = (): string => CAMPAIGN_PAUSE_AFTER_FAILURES.value();
export const customerWarehouseMaxLagSeconds = (): string => CUSTOMER_WAREHOUSE_MAX_LAG_SECONDS.value();
export const sendgridWebhookPublicKey = (): string => SENDGRID_WEBHOOK_PUBLIC_KEY.value();
export function campaignLinkSecret(): string {
  return CAMPAIGN_LINK_SECRET.value();
}
export const publicBaseUrl = (): string => PUBLIC_BASE_URL.value();
