import { defineCollection } from '../define.js';

export const emailTemplate = defineCollection({
  id: 'email-template',
  title: 'Templates de e-mail',
  group: 'campaign',
  labelField: 'title',
  // Transactional and campaign templates are shared by every store: the super-project copies them.
  replicable: true,
  fields: [
    { name: 'title', title: 'Título', type: 'text' },
    { name: 'subject', title: 'Assunto', type: 'text' },
    // Raw HTML: the rich-text sanitiser would strip the markup an e-mail needs.
    { name: 'body', title: 'Corpo (HTML)', type: 'textarea', rows: 20 },
  ],
});
