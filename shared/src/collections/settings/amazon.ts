import { defineSettings } from '../define.js';

/**
 * The spec says only 'seller and app credentials'. These are what the Selling Partner API needs:
 * the seller and marketplace it acts for, and the Login with Amazon app and refresh token.
 */
export const amazonSettings = defineSettings({
  id: 'amazon',
  title: 'Amazon',
  fields: [
    { name: 'sellerId', title: 'ID do vendedor', type: 'text' },
    { name: 'marketplaceId', title: 'ID do marketplace', type: 'text' },
    { name: 'refreshToken', title: 'Token de renovação', type: 'text', secret: true },
    { name: 'clientId', title: 'ID do cliente (LWA)', type: 'text' },
    { name: 'clientSecret', title: 'Segredo do cliente (LWA)', type: 'text', secret: true },
  ],
});
