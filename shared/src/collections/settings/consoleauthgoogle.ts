import { FIELD_COMPONENTS } from '../components.js';
import { defineSettings } from '../define.js';

export const consoleauthgoogleSettings = defineSettings({
  id: 'consoleauthgoogle',
  title: 'Google Console',
  fields: [
    // Written by the OAuth callback in Google's token shape: shown and reconnected, never typed.
    { name: 'tokens', title: 'Conexão Google', type: 'component', component: FIELD_COMPONENTS.googleConsoleConnect },
  ],
});
