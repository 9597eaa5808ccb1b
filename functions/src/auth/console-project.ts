import { consoleProjectEndpoint, PROJECT_COLLECTION } from '@console/shared';
import { serve, type Handler } from '../lib/endpoint.js';
import { firestore } from '../lib/admin.js';
import { notFound } from '../lib/api-error.js';

/** GET /api/console/project?project= — the current project (name, domains) for its members. */
export const handleConsoleProject: Handler<typeof consoleProjectEndpoint> = async ({ project }) => {
  const doc = await firestore.collection(PROJECT_COLLECTION).doc(project).get();
  if (!doc.exists) throw notFound('Projeto');
  return { id: doc.id, name: doc.get('name') ?? doc.id, domains: doc.get('domains') ?? [] };
};

export const consoleProject = serve(consoleProjectEndpoint, handleConsoleProject);
