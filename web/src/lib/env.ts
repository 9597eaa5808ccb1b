/**
 * Build-time configuration (scripts/build.mjs sets it from firebase.json and the environment; see
 * README 'Configuration'). Kept apart from the SDK modules so reading a flag loads no Firebase code.
 */
const env = import.meta.env;

export const FIREBASE_PROJECT_ID: string = env.VITE_FIREBASE_PROJECT_ID;

/** The super-project ({product} in the spec). */
export const SUPER_PROJECT_ID: string = env.VITE_SUPER_PROJECT_ID || 'main';

/** Google sign-in is offered when configured for production (VITE_GOOGLE_SIGN_IN=true). */
export const GOOGLE_SIGN_IN_ENABLED = env.VITE_GOOGLE_SIGN_IN === 'true';

/** Emulator ports by service ("auth=9099,firestore=8080"); empty in production builds. */
export const EMULATOR_PORTS: Record<string, string> = Object.fromEntries(
  String(env.VITE_EMULATORS ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]),
);

// The emulators listen on loopback unless CONSOLE_EMULATOR_HOST opens them (scripts/lib/config.mjs);
// reaching them through the page's own host keeps that case working from another machine.
export const EMULATOR_HOST = typeof location !== 'undefined' ? location.hostname : '127.0.0.1';
