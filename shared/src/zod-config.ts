import { z } from 'zod';

/**
 * zod's configuration, set once for the zod instance wherever the shared package loads (functions
 * and web), before any schema of ours is built — so this module is the first the package imports.
 *
 * - Every message zod writes — API answers ('Requisição inválida: …'), CSV import lines, parse
 *   errors shown in the console — is Brazilian Portuguese: zod's own pt-BR locale. Messages the
 *   definitions give themselves are kept as written.
 * - In the browser, jitless: under the console's Content-Security-Policy (no 'unsafe-eval',
 *   firebase.json) zod cannot compile its object parsers with `new Function`, and its probe for
 *   eval — made when the first object schema is built — would be reported as a CSP violation on
 *   every load. The functions keep the compiled parsers.
 */
const inBrowser = typeof document !== 'undefined';
z.config({ ...z.locales.ptBR(), ...(inBrowser ? { jitless: true } : {}) });
