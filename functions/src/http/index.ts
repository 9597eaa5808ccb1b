import type { Endpoint } from '../lib/endpoint.js';
import { health } from './health.js';
import { consoleMe } from './console-me.js';
import { consoleProject } from './console-project.js';

/** Every endpoint behind Hosting's /api/** rewrite. */
export const endpoints: Endpoint[] = [health, consoleMe, consoleProject] as Endpoint[];
