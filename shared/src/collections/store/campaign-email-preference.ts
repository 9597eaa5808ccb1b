import { defineCollection } from '../define.js';

export const campaignEmailPreference = defineCollection({
  id: 'campaign-email-preference',
  title: 'Preferências de e-mail',
  group: 'campaign',
  userDefinedId: true,
  labelField: 'email',
  fields: [
    { name: 'id', title: 'ID', type: 'text' },
    { name: 'email', title: 'E-mail', type: 'text' },
    { name: 'unsubscribed', title: 'Descadastrado', type: 'checkbox' },
    { name: 'competitor', title: 'Concorrente', type: 'checkbox' },
    { name: 'unsubscribedAt', title: 'Descadastrado em', type: 'datetime' },
  ],
});
