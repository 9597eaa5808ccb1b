#!/usr/bin/env node
// Grants console access: sets the custom claims {role, projects} on a Firebase Auth user.
//   npm run grant -- <email> --role staff --projects main,cookstore
//   npm run grant -- <email> --role admin
//   npm run grant -- <email> --show
// Against the local emulators by default (a demo-* project, `npm start` running). For a real
// project: FIREBASE_PROJECT=<id> with Application Default Credentials (gcloud auth
// application-default login, or GOOGLE_APPLICATION_CREDENTIALS). The user must sign in again
// (or refresh its token) for new claims to apply.
import { parseArgs } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { PROJECT_ID } from './lib/config.mjs';
import { emulatorEnv } from './lib/seed.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string' }, projects: { type: 'string', default: '' }, show: { type: 'boolean', default: false } },
});
const email = positionals[0];
/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`grant: ${message}`);
  process.exit(2);
}
if (!email) fail('usage: npm run grant -- <email> --role admin|staff [--projects a,b] | --show');

if (PROJECT_ID.startsWith('demo-')) Object.assign(process.env, emulatorEnv());
const auth = getAuth(initializeApp({ projectId: PROJECT_ID }));

let user;
try {
  user = await auth.getUserByEmail(email);
} catch {
  fail(`no user with e-mail ${email} in project ${PROJECT_ID}`);
}
if (values.show) {
  console.log(JSON.stringify({ uid: user.uid, email: user.email, claims: user.customClaims ?? {} }, null, 2));
  process.exit(0);
}
if (values.role !== 'admin' && values.role !== 'staff') fail('--role must be admin or staff');
const projects = values.projects
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const invalid = projects.filter((p) => !/^[a-z0-9][a-z0-9-]{0,62}$/.test(p));
if (invalid.length) fail(`invalid project ids: ${invalid.join(', ')}`);
if (values.role === 'staff' && projects.length === 0) fail('a staff user needs --projects');

const claims = { ...(user.customClaims ?? {}), role: values.role, projects };
await auth.setCustomUserClaims(user.uid, claims);
// Ends existing sessions so the old claims stop working at once (the API checks revocation).
await auth.revokeRefreshTokens(user.uid);
console.log(`grant: ${email} is now ${values.role}${projects.length ? ` of ${projects.join(', ')}` : ''} in ${PROJECT_ID}`);
