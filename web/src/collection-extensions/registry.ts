import type { CollectionExtension } from './types';

/**
 * Every collection's extension of the document screen, by collection id. Add an entry (one file per
 * collection beside this one) to give a collection its buttons and panels.
 */
const registry: Record<string, CollectionExtension> = {};

export function registerCollectionExtension(collectionId: string, extension: CollectionExtension): void {
  const current = registry[collectionId];
  registry[collectionId] = {
    actions: [...(current?.actions ?? []), ...(extension.actions ?? [])],
    panels: [...(current?.panels ?? []), ...(extension.panels ?? [])],
  };
}

export function collectionExtension(collectionId: string): CollectionExtension | null {
  return registry[collectionId] ?? null;
}
