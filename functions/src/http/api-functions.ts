import type { SecretParam } from 'firebase-functions/params';
import type { MemoryOption } from 'firebase-functions/v2/options';
import { CAMPAIGN_LINK_SECRET, GOOGLE_OAUTH_CLIENT_SECRET, OPENAI_API_KEY, REGION, SENDGRID_API_KEY } from '../config.js';
import type { ServedEndpoint } from '../lib/endpoint.js';

/** One HTTPS function: the URLs it serves, what it may use, and its feature's endpoints, loaded on first call. */
export interface ApiFunction {
  /**
   * Hosting rewrite sources (firebase.json) routed here: an exact path, or a prefix ending in
   * `/**`. The most specific source wins (hostingRewrites orders them).
   */
  serves: readonly string[];
  /** Only the secrets its endpoints read (functions/src/http/secrets.test.ts checks it both ways). */
  secrets: readonly SecretParam[];
  memory: MemoryOption;
  timeoutSeconds: number;
  /**
   * A dynamic import: the function's worker evaluates its own feature's code only (esbuild splits
   * each feature into a chunk of its own, scripts/build.mjs), so a small function's cold start does
   * not load OpenAI, SendGrid or the sync clients.
   */
  endpoints: () => Promise<readonly ServedEndpoint[]>;
}

/**
 * The HTTPS functions, one per feature or group of features with the same needs: which URL prefixes each serves (Hosting routes them,
 * firebase.json, locally as in production — http/api-functions.test.ts checks the two agree) and
 * the secrets, memory and timeout it declares. `/api/**` not served by another falls to
 * apiPlatform, which answers 404 as JSON.
 */
export const API_FUNCTIONS = {
  apiPlatform: {
    serves: ['/api/health', '/api/**'],
    secrets: [],
    memory: '256MiB',
    timeoutSeconds: 30,
    endpoints: () => import('../platform/endpoints.js').then((m) => m.endpoints),
  },
  apiAuth: {
    serves: ['/api/console/me', '/api/console/project', '/api/console/auth/**'],
    secrets: [GOOGLE_OAUTH_CLIENT_SECRET],
    memory: '256MiB',
    timeoutSeconds: 60,
    endpoints: () => import('../auth/endpoints.js').then((m) => m.endpoints),
  },
  /**
   * The features that need no secret, together: one pool of workers, as the Functions emulator runs
   * one request per worker (a webhook and the screen polling the same video would each start one).
   */
  apiCore: {
    serves: [
      '/api/console/products/**',
      '/api/console/queue/**',
      '/api/console/sync/**',
      '/api/bling/**',
      '/api/tramontina/**',
      '/api/franke/**',
      '/api/doka/**',
      '/api/sites/**',
      '/api/console/files/**',
      '/api/file/**',
      '/api/console/conditions/**',
      '/api/console/collections/**',
      '/api/console/whatsapp-template/**',
      '/api/whatsapp/**',
      '/whatsapp/**',
    ],
    secrets: [],
    memory: '512MiB',
    timeoutSeconds: 120,
    endpoints: () =>
      Promise.all([
        import('../products/endpoints.js'),
        import('../sync/endpoints.js'),
        import('../files/endpoints.js'),
        import('../conditions/endpoints.js'),
        import('../csv-import/endpoints.js'),
        import('../whatsapp/endpoints.js'),
      ]).then((features) => features.flatMap((m) => m.endpoints)),
  },
  apiCampaigns: {
    serves: [
      '/api/console/customers/**',
      '/api/console/email-template',
      '/api/console/email-template/**',
      '/api/console/campaign-email/**',
      '/api/console/campaign-whatsapp/**',
      '/api/campaign-email/**',
      '/api/sendgrid/**',
    ],
    secrets: [SENDGRID_API_KEY, CAMPAIGN_LINK_SECRET],
    memory: '512MiB',
    timeoutSeconds: 120,
    endpoints: () => import('../campaigns/endpoints.js').then((m) => m.endpoints),
  },
  apiAi: {
    serves: ['/api/console/products/ai/**', '/api/console/ai/**', '/api/firestore/product-openai/**'],
    secrets: [OPENAI_API_KEY],
    memory: '512MiB',
    timeoutSeconds: 120,
    // The product texts worker is a sync worker (the queue runs it too) that reads the OpenAI key.
    endpoints: () =>
      Promise.all([import('../ai/endpoints.js'), import('../sync/firestore-product-openai.js')]).then(([ai, worker]) => [
        ...ai.endpoints,
        worker.firestoreProductOpenai,
      ]),
  },
} satisfies Record<string, ApiFunction>;

export type ApiFunctionName = keyof typeof API_FUNCTIONS;

export interface HostingRewrite {
  source: string;
  function: { functionId: string; region: string };
}

/** Literal segments before a `/**`: more of them is more specific (an exact path beats any prefix). */
function specificity(source: string): number {
  const wildcard = source.endsWith('/**');
  const literal = wildcard ? source.slice(0, -3) : source;
  return literal.split('/').filter(Boolean).length * 2 + (wildcard ? 0 : 1);
}

/** firebase.json's function rewrites, most specific first (Hosting takes the first that matches). */
export function hostingRewrites(): HostingRewrite[] {
  return Object.entries(API_FUNCTIONS as Record<string, ApiFunction>)
    .flatMap(([functionId, fn]) => fn.serves.map((source) => ({ source, function: { functionId, region: REGION } })))
    .sort((a, b) => specificity(b.source) - specificity(a.source));
}

/** Whether a rewrite source matches a path (the two forms the table uses). */
export function sourceMatches(source: string, path: string): boolean {
  return source.endsWith('/**') ? path.startsWith(source.slice(0, -2)) : path === source;
}

/** The function Hosting sends a path to (the first matching rewrite), or null. */
export function functionServing(path: string, rewrites: readonly HostingRewrite[] = hostingRewrites()): string | null {
  return rewrites.find((r) => sourceMatches(r.source, path))?.function.functionId ?? null;
}
