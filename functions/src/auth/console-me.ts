import { consoleMeEndpoint, canAccessProject } from '@console/shared';
import { serve, type Handler } from '../lib/endpoint.js';
import { firestore } from '../lib/admin.js';
import { PROJECT_COLLECTION } from '@console/shared';

/**
 * GET /api/console/me — who the caller is and which projects they may open (id and name),
 * read with the Admin SDK so the answer matches the claims the security rules enforce.
 */
export const handleConsoleMe: Handler<typeof consoleMeEndpoint> = async ({ caller }) => {
  const snapshot = await firestore.collection(PROJECT_COLLECTION).get();
  const projects = snapshot.docs
    .filter((doc) => canAccessProject(caller.claims, doc.id))
    .map((doc) => ({ id: doc.id, name: String(doc.get('name') ?? doc.id) }));
  return { uid: caller.uid, email: caller.email, role: caller.claims?.role ?? null, projects };
};

export const consoleMe = serve(consoleMeEndpoint, handleConsoleMe);
