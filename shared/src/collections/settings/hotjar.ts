import { defineSettings } from '../define.js';

export const hotjarSettings = defineSettings({
  id: 'hotjar',
  title: 'Hotjar',
  fields: [{ name: 'siteId', title: 'Site ID', type: 'text' }],
});
