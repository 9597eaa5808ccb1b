// Replaced by the collection registry (set A, catalogue, settings, set C).
import type { CollectionDefinition, SettingsDefinition } from './define.js';
export function collectionsForProject(_projectId: string): CollectionDefinition[] { return []; }
export function settingsForProject(_projectId: string): SettingsDefinition[] { return []; }
