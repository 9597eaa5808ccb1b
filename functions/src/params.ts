import { defineString } from 'firebase-functions/params';

/**
 * Every configuration parameter of the functions, declared once (values in functions/.env.<project>
 * or prompted at deploy). Secrets arrive with the issues that call third-party services.
 */
export const SUPER_PROJECT_ID = defineString('SUPER_PROJECT_ID', {
  default: 'main',
  description: 'Project id of the super-project (the main store that replicates to the others).',
});

/** Region of every function; Hosting's /api/** rewrite points at the same region (firebase.json). */
export const REGION = 'southamerica-east1';
