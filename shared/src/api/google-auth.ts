import { z } from 'zod';
import { defineEndpoint, redirectAnswer } from './contract.js';
import { projectIdSchema } from '../projects.js';

/**
 * The Google Console connection (spec document 2 §2: the Connect link goes to
 * /api/console/auth/google). A browser navigation cannot carry the Firebase ID token, so the start
 * is a POST with the token: it answers Google's consent URL with a signed, single-use `state` bound
 * to the user and the project (and sets a cookie binding it to this browser); the page then
 * navigates there. Google redirects to GET /api/console/auth/google/callback, which stores the
 * tokens in the admin-only config/consoleauthgoogle and redirects back to its settings screen.
 */
export const googleAuthStartResponseSchema = z.object({ url: z.string().url() });

/** Where the callback lands: the settings screen, with `google=connected` or `google=error&message=…`. */
export const GOOGLE_CONNECTED_PATH = '/console/config/consoleauthgoogle';

/** The start (admins only: the tokens land in the admin-only config/consoleauthgoogle). */
export const consoleAuthGoogleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/auth/google',
  access: 'admin',
  refusal: 'Somente administradores podem conectar o Google.',
  answer: googleAuthStartResponseSchema,
});

/**
 * The Connect link itself, followed as a plain navigation (opened in a new tab, or without the
 * page's script). A navigation carries no ID token, so this GET starts nothing on the server: it
 * sends the browser to the settings screen with `google=start&project=…`, where the signed-in
 * console (its ID token in hand) makes the authenticated POST above and goes on to Google. An
 * unauthenticated GET therefore only reaches the sign-in screen; the worst a forged link can do to
 * a signed-in admin is show them Google's consent page, which they must approve themselves.
 */
export const consoleAuthGoogleLinkEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/console/auth/google',
  access: 'public',
  query: z.object({ project: projectIdSchema }),
  answer: redirectAnswer,
});

/** The settings screen's query that asks it to start the connection (the link's GET sets it). */
export const GOOGLE_START_PARAM = 'start';

/** Google's redirect after consent: back to GOOGLE_CONNECTED_PATH (public: a redirect carries no ID token). */
export const consoleAuthGoogleCallbackEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/console/auth/google/callback',
  access: 'public',
  query: z.looseObject({ code: z.string().max(2000).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() }),
  answer: redirectAnswer,
});
