import { defineSettings } from '../define.js';

export const expoSettings = defineSettings({
  id: 'expo',
  title: 'Expo',
  adminOnly: true,
  fields: [{ name: 'notificationAccessToken', title: 'Token de notificações', type: 'text' }],
});
