import { z } from 'zod';

/**
 * The super-project ({product} in the spec): replicates records to other stores and sees events
 * across stores. Configurable in the web app (VITE_SUPER_PROJECT_ID); no function reads it.
 */
export const DEFAULT_SUPER_PROJECT_ID = 'main';
/** The second, simpler store project, whose screens are set C. */
export const CDLBOX_PROJECT_ID = 'cdlbox';

export const PROJECT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const projectIdSchema = z.string().regex(PROJECT_ID_PATTERN, 'Projeto inválido');

/** project/{projectId}: the store itself. */
export const projectSchema = z.object({
  name: z.string(),
  domains: z.array(z.string()).default([]),
});
export type Project = z.infer<typeof projectSchema> & { id: string };

/** Root collection holding each project (store) and, below it, all of its data. */
export const PROJECT_COLLECTION = 'project';
