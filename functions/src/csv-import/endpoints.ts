import type { ServedEndpoint } from '../lib/endpoint.js';
import { consoleCollectionsImport } from './console-collections-import.js';

/** The CSV import of a collection's documents. */
export const endpoints: readonly ServedEndpoint[] = [consoleCollectionsImport];
