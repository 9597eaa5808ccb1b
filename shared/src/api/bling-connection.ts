import { z } from 'zod';
import { defineEndpoint, redirectAnswer } from './contract.js';

/**
 * 'Conectar Bling' (issue 28): the authorization code flow of one Bling account of config/bling, as
 * the Google Console connection does it. The settings screen POSTs the start with the ID token
 * (admins only) and navigates to Bling's consent page it answers (single-use `state` bound to the
 * user, the project, the account and a browser-nonce cookie); Bling redirects to the callback on
 * the fixed public origin, which exchanges the code (the client secret stays on the server) and
 * stores the account's bearer, then sends the browser back to the Bling settings screen with
 * `bling=connected` or `bling=error&message=…`.
 */
export const BLING_CONNECTED_PATH = '/console/config/bling';

/** The account: its index in config/bling accounts[], or 'root' for the top-level credentials. */
export const blingConnectAccountSchema = z.union([z.literal('root'), z.string().regex(/^\d{1,3}$/, 'Conta Bling inválida.')]);

export const blingConnectResponseSchema = z.object({ url: z.string().url() });

export const consoleBlingConnectEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/sync/bling/connect',
  access: 'admin',
  refusal: 'Somente administradores podem conectar o Bling.',
  query: z.object({ account: blingConnectAccountSchema }),
  answer: blingConnectResponseSchema,
});

/** Bling's redirect after consent (public: a redirect carries no ID token; the state says who). */
export const consoleBlingCallbackEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/console/sync/bling/callback',
  access: 'public',
  query: z.looseObject({ code: z.string().max(2000).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() }),
  answer: redirectAnswer,
});
