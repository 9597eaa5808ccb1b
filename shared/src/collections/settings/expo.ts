import { defineSettings } from '../define.js';

export const expoSettings = defineSettings({
  id: 'expo',
  title: 'Expo',
  fields: [{ name: 'notificationAccessToken', title: 'Token de notificações', type: 'text', secret: true }],
});
