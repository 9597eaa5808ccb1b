import { defineSettings } from '../define.js';

export const customerioSettings = defineSettings({
  id: 'customerio',
  title: 'Customer.io',
  fields: [
    { name: 'workspaceTrackKey', title: 'Chave de rastreamento do workspace', type: 'text', secret: true },
    { name: 'siteId', title: 'ID do site', type: 'text' },
    { name: 'anonymousTrack', title: 'Rastrear visitantes anônimos', type: 'checkbox' },
  ],
});
