import { onRequest, type HttpsFunction } from 'firebase-functions/v2/https';
import { REGION } from './config.js';
import { createRouter } from './lib/router.js';
import { answerBodyErrorsAsJson } from './lib/body-errors.js';
import { API_FUNCTIONS, type ApiFunction, type ApiFunctionName } from './http/api-functions.js';

// Bodies the runtime cannot parse answer JSON {error} too, not Express's HTML page (lib/body-errors.ts).
answerBodyErrorsAsJson();

type Route = ReturnType<typeof createRouter>;

/** One HTTPS function of the table: its feature's endpoints are imported on the first request. */
function apiFunction(fn: ApiFunction): HttpsFunction {
  let route: Promise<Route> | undefined;
  const load = () =>
    (route ??= fn.endpoints().then(createRouter, (error: unknown) => {
      route = undefined; // the next request tries again
      throw error;
    }));
  return onRequest(
    // Secrets: Secret Manager (functions/.secret.local locally), only those its endpoints read.
    { region: REGION, cors: false, memory: fn.memory, timeoutSeconds: fn.timeoutSeconds, secrets: [...fn.secrets] },
    async (req, res) => (await load())(req, res),
  );
}

/** The HTTP API, one function per feature; Hosting rewrites each /api/ prefix to its function (firebase.json). */
export const apiFunctions = Object.fromEntries(
  Object.entries(API_FUNCTIONS as Record<ApiFunctionName, ApiFunction>).map(([name, fn]) => [name, apiFunction(fn)]),
) as Record<ApiFunctionName, HttpsFunction>;
