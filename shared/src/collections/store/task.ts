import { options } from '../../fields/builders.js';
import { defineCollection } from '../define.js';

export const TASK_STATUSES = ['todo', 'inprogress', 'done'] as const;
const TASK_STATUS_LABELS: Record<string, string> = { todo: 'A fazer', inprogress: 'Em andamento', done: 'Concluída' };

export const task = defineCollection({
  id: 'task',
  title: 'Tarefas',
  labelField: 'title',
  fields: [
    { name: 'title', title: 'Título', type: 'text' },
    { name: 'status', title: 'Status', type: 'select', options: options(TASK_STATUSES, TASK_STATUS_LABELS) },
    { name: 'body', title: 'Descrição', type: 'editor' },
    {
      name: 'files',
      title: 'Arquivos',
      type: 'array_struct',
      fields: [
        { name: 'name', title: 'Nome', type: 'text' },
        { name: 'url', title: 'URL', type: 'text' },
      ],
    },
  ],
});
