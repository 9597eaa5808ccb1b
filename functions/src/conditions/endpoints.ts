import type { ServedEndpoint } from '../lib/endpoint.js';
import { consoleConditionsPreview } from './console-conditions-preview.js';

/** The condition builder's preview (the warehouse's matching rows). */
export const endpoints: readonly ServedEndpoint[] = [consoleConditionsPreview];
