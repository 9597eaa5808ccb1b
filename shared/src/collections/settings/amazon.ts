import { defineSettings } from '../define.js';

/**
 * The spec says only 'seller and app credentials'. These are what the Selling Partner API needs:
 * the seller and marketplace it acts for, and the Login with Amazon app and refresh token.
 */
export const amazonSettings = defineSettings({
  id: 'amazon',
  title: 'Amazon',
  fields: [
    { name: 'sellerId', title: 'Seller ID', type: 'text' },
    { name: 'marketplaceId', title: 'Marketplace ID', type: 'text' },
    { name: 'refreshToken', title: 'Refresh token', type: 'text' },
    { name: 'clientId', title: 'Client ID (LWA)', type: 'text' },
    { name: 'clientSecret', title: 'Client secret (LWA)', type: 'text' },
  ],
});
