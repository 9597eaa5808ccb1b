import { options } from '../../fields/builders.js';
import { defineCollection } from '../define.js';

/** Uploads of the course editor stay private (document 3 §7). */
const COURSE_UPLOADS = { path: 'project/{project}/course', isPublic: false } as const;

export const COURSE_TYPES = ['course', 'folder', 'lesson', 'live', 'soon', 'relation'] as const;
const COURSE_TYPE_LABELS: Record<string, string> = {
  course: 'Curso',
  folder: 'Pasta',
  lesson: 'Aula',
  live: 'Ao vivo',
  soon: 'Em breve',
  relation: 'Relação',
};

export const course = defineCollection({
  id: 'course',
  title: 'Cursos',
  group: 'content',
  listLimit: 1000,
  labelField: 'title',
  fields: [
    { name: 'title', title: 'Título', type: 'text' },
    { name: 'type', title: 'Tipo', type: 'select', options: options(COURSE_TYPES, COURSE_TYPE_LABELS) },
    // For a 'relation' entry: the course it points to.
    { name: 'typeRelation', title: 'Curso relacionado', type: 'select_nested', collection: 'course' },
    { name: 'school', title: 'Escola', type: 'select_nested', collection: 'school' },
    { name: 'parent', title: 'Pai', type: 'select_nested', collection: 'course' },
    { name: 'order', title: 'Ordem', type: 'number' },
    { name: 'thumb', title: 'Banner', type: 'image', description: '1200x1200', ...COURSE_UPLOADS },
    {
      name: 'gamification',
      title: 'Gamificação',
      type: 'struct',
      fields: [{ name: 'steps', title: 'Etapas', type: 'number' }],
    },
    { name: 'video', title: 'Vídeo', type: 'video', ...COURSE_UPLOADS },
    { name: 'audio', title: 'Áudio', type: 'audio', ...COURSE_UPLOADS },
    { name: 'content', title: 'Conteúdo', type: 'editor-layout', ...COURSE_UPLOADS },
  ],
});
