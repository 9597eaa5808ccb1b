import { defineSettings } from '../define.js';

export const bunnySettings = defineSettings({
  id: 'bunny',
  title: 'Bunny CDN',
  fields: [
    { name: 'libraryId', title: 'ID da biblioteca (Stream)', type: 'text' },
    { name: 'pullZone', title: 'Zona de distribuição da CDN', type: 'text' },
    { name: 'cdnHostname', title: 'Hostname da CDN', type: 'text' },
    { name: 'apiKey', title: 'Chave de API', type: 'text', secret: true },
    { name: 'streamAuthKey', title: 'Chave de autenticação do Stream', type: 'text', secret: true },
    // Bunny signs its webhook calls with the library's Read-Only API key (docs.bunny.net/stream/webhooks).
    { name: 'readOnlyApiKey', title: 'Chave de API somente leitura (webhooks)', type: 'text', secret: true },
  ],
});
