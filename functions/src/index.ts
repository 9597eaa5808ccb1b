export { api } from './api.js';
