import { defineSettings } from '../define.js';

/** Name of the web component showing the Connect link (/api/console/auth/google) and the token state. */
export const GOOGLE_CONSOLE_CONNECT_COMPONENT = 'google-console-connect';

export const consoleauthgoogleSettings = defineSettings({
  id: 'consoleauthgoogle',
  title: 'Google Console',
  adminOnly: true,
  fields: [
    // Written by the OAuth callback, whose token shape is Google's: shown and reconnected, never typed.
    { name: 'tokens', title: 'Conexão Google', type: 'component', component: GOOGLE_CONSOLE_CONNECT_COMPONENT },
  ],
});
