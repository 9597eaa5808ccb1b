import type { ServedEndpoint } from '../lib/endpoint.js';
import { consoleMe } from './console-me.js';
import { consoleProject } from './console-project.js';
import { consoleAuthGoogle } from './console-auth-google.js';
import { consoleAuthGoogleCallback } from './console-auth-google-callback.js';
import { consoleAuthGoogleLink } from './console-auth-google-link.js';

/** Who calls (me, project) and the Google Console connection (OAuth). */
export const endpoints: readonly ServedEndpoint[] = [consoleMe, consoleProject, consoleAuthGoogle, consoleAuthGoogleLink, consoleAuthGoogleCallback];
