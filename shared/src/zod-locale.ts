import { z } from 'zod';

/**
 * Every message zod writes — API answers ('Requisição inválida: …'), CSV import lines, parse errors
 * shown in the console — is Brazilian Portuguese: zod's own pt-BR locale, configured once for the
 * zod instance wherever the shared package loads (functions and web). Messages the definitions
 * give themselves are kept as written.
 */
z.config(z.locales.ptBR());
