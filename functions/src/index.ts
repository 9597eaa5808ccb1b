export { api } from './api.js';
export { syncTask } from './triggers/sync-task.js';
