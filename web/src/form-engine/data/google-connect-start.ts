import { consoleAuthGoogleEndpoint } from '@console/shared';
import { callApi } from '../../lib/api';

/**
 * The Connect link's click: a navigation cannot carry the ID token, so the start is a POST to the
 * same path (it answers Google's consent URL, with a single-use state, and sets the browser-nonce
 * cookie), and the browser then goes to Google.
 */
export async function startGoogleConnection(projectId: string, go: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  const answer = await callApi(consoleAuthGoogleEndpoint, { project: projectId });
  go(answer.url);
}
