import { consoleAuthGoogleLinkEndpoint, GOOGLE_START_PARAM } from '@console/shared';
import { RawResponse, serve, type Handler } from '../lib/endpoint.js';
import { settingsUrl } from './oauth.js';
import { publicOriginOrError } from './consent-state.js';

/**
 * GET /api/console/auth/google?project — the Connect link followed as a navigation (a new tab):
 * hands over to the signed-in console, which starts the connection with its ID token (the POST of
 * console-auth-google.ts). Stores nothing and issues no state: a GET without a token must not
 * start a connection for a project. The redirect is on the configured public origin.
 */
export const handleConsoleAuthGoogleLink: Handler<typeof consoleAuthGoogleLinkEndpoint> = async ({ query }) =>
  new RawResponse(302, '', {
    location: settingsUrl(publicOriginOrError(), { google: GOOGLE_START_PARAM, project: query.project }),
    'cache-control': 'private, no-store',
  });

export const consoleAuthGoogleLink = serve(consoleAuthGoogleLinkEndpoint, handleConsoleAuthGoogleLink);
