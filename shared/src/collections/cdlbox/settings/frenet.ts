import { defineSettings } from '../../define.js';

/** Document 3's Frenet screen: a single account. */
export const cdlboxFrenetSettings = defineSettings({
  id: 'frenet',
  title: 'Frenet',
  fields: [
    { name: 'apiKey', title: 'API key', type: 'text' },
    { name: 'endpoint', title: 'Endpoint', type: 'text' },
  ],
});
