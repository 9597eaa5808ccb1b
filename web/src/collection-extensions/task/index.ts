import { registerCollectionExtension } from '../registry';
import { sendTestAction } from '../email-template';

// The task's 'Enviar teste' is the template's call with the task as the source of subject and body.
registerCollectionExtension('task', { actions: [sendTestAction((_, docId) => docId, 'task')] });
