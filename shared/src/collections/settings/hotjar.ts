import { defineSettings } from '../define.js';

export const hotjarSettings = defineSettings({
  id: 'hotjar',
  title: 'Hotjar',
  fields: [{ name: 'siteId', title: 'ID do site', type: 'text' }],
});
