// Helpers for the AI emulator tests (functions/src/**/ai*.emulator.test.ts) and e2e/: users of
// their own (the per-user rate limit must not leak between files), the OpenAI sandbox's switches,
// and the browser's assistant loop over HTTP through Hosting.
import { CONSOLE_URL, idToken } from './emulator.js';
import type { AiPost } from '@console/shared';
import { createTestProject, sandboxUrls, setSandboxFaults, testAuth, testFirestore } from './stack.js';

export const openaiSandbox = () => sandboxUrls().openai!;

/** A user of its own with these claims (password sign-in), and its ID token. */
export async function freshUser(role: 'admin' | 'staff', projects: string[] = [], prefix = 'ai') {
  const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@demo.test`;
  const password = 'test-password-123';
  const user = await testAuth().createUser({ email, password, displayName: `Teste ${prefix}` });
  await testAuth().setCustomUserClaims(user.uid, { role, projects });
  return { uid: user.uid, email, password, token: await idToken({ email, password }) };
}

/** Switches the OpenAI sandbox's model behaviour (sandboxes/src/openai.ts); none clears it. */
export async function setOpenAiBehaviour(mode?: string, times?: number): Promise<void> {
  const res = await fetch(`${new URL(openaiSandbox()).origin}/__openai/behaviour`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(mode ? { mode, times } : {}),
  });
  if (!res.ok) throw new Error(`openai behaviour: HTTP ${res.status}`);
}

export async function resetOpenAiSandbox(): Promise<void> {
  await Promise.all([setOpenAiBehaviour(), setSandboxFaults(openaiSandbox())]);
}

/** The loop's POST as the page does it (fetch through Hosting with the ID token). */
export function postAs(token: string): AiPost {
  return (path, body, signal) =>
    fetch(`${CONSOLE_URL}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
}

const created: string[] = [];

/**
 * A store of its own for a test (createTestProject), remembered so removeOwnProjects() can take
 * its project document away afterwards: other files count the stores an admin sees.
 */
export async function ownProject(prefix: string, products: string[] = []): Promise<string> {
  const project = await createTestProject(prefix, products);
  created.push(project);
  return project;
}

export async function removeOwnProjects(): Promise<void> {
  const batch = testFirestore().batch();
  for (const project of created.splice(0)) batch.delete(testFirestore().doc(`project/${project}`));
  await batch.commit();
}
