import { onRequest } from 'firebase-functions/v2/https';
import { CAMPAIGN_LINK_SECRET, GOOGLE_OAUTH_CLIENT_SECRET, OPENAI_API_KEY, REGION, SENDGRID_API_KEY } from './config.js';
import { createRouter } from './lib/router.js';
import { endpoints } from './http/index.js';
import { answerBodyErrorsAsJson } from './lib/body-errors.js';

const route = createRouter(endpoints);
// Bodies the runtime cannot parse answer JSON {error} too, not Express's HTML page (lib/body-errors.ts).
answerBodyErrorsAsJson();

/** The HTTP API: Hosting rewrites /api/** here (firebase.json). */
export const api = onRequest(
  // Secrets the endpoints read (Secret Manager; functions/.secret.local locally).
  {
    region: REGION,
    cors: false,
    memory: '512MiB',
    timeoutSeconds: 120,
    secrets: [OPENAI_API_KEY, SENDGRID_API_KEY, CAMPAIGN_LINK_SECRET, GOOGLE_OAUTH_CLIENT_SECRET],
  },
  route,
);
