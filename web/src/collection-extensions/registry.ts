import type { CollectionExtension, GuardedFieldsExtension, ImportRequirements, ListEntryRecord, ListEntryView, ListView, ProjectCondition } from './types';

/**
 * Every collection's extension of the generic screens, by collection id. Add an entry (one folder
 * per collection beside this one, listed in ./extensions.ts) to give a collection its buttons,
 * panels and import requirements.
 */
const registry: Record<string, Required<CollectionExtension>> = {};

export function registerCollectionExtension(collectionId: string, extension: CollectionExtension): void {
  const current = registry[collectionId];
  registry[collectionId] = {
    actions: [...(current?.actions ?? []), ...(extension.actions ?? [])],
    panels: [...(current?.panels ?? []), ...(extension.panels ?? [])],
    headerParts: [...(current?.headerParts ?? []), ...(extension.headerParts ?? [])],
    listActions: [...(current?.listActions ?? []), ...(extension.listActions ?? [])],
    listViews: [...(current?.listViews ?? []), ...(extension.listViews ?? [])],
    import: { ...current?.import, ...extension.import },
    listEntry: { ...current?.listEntry, ...extension.listEntry },
    guardedFields: extension.guardedFields ?? current?.guardedFields ?? null,
  };
}

export function collectionExtension(collectionId: string): Required<CollectionExtension> | null {
  return registry[collectionId] ?? null;
}

/** The items of a list that apply in this project. */
export function availableIn<T extends { available?: ProjectCondition }>(items: readonly T[], projectId: string): T[] {
  return items.filter((item) => item.available?.(projectId) ?? true);
}

/** The list view of a collection in this project (the first that applies), or null. */
export function listViewOf(collectionId: string, projectId: string): ListView | null {
  return availableIn(registry[collectionId]?.listViews ?? [], projectId)[0] ?? null;
}

/**
 * The guarded fields of one document's form (every project: firestore.rules refuse a client's
 * change of them in any store), bound to that document; undefined for most collections.
 */
export function guardedFieldsOf(
  collectionId: string,
  projectId: string,
  docId: string,
): { keys: readonly string[]; write(key: string, value: unknown): Promise<{ held: boolean }> } | undefined {
  const guarded: GuardedFieldsExtension | null | undefined = registry[collectionId]?.guardedFields;
  if (!guarded) return undefined;
  return { keys: guarded.fields, write: (key, value) => guarded.write({ projectId, docId }, key, value) };
}

/** What the CSV import of a collection asks for (nothing for most). */
export function importRequirements(collectionId: string): ImportRequirements {
  return registry[collectionId]?.import ?? {};
}

/** How the list panel names this collection's entries (nothing beyond the label for most). */
export function listEntryView(collectionId: string): ListEntryView {
  return registry[collectionId]?.listEntry ?? {};
}

const NO_TITLES: ReadonlyMap<string, string> = new Map();
const useNoTitles = (): ReadonlyMap<string, string> => NO_TITLES;

/**
 * Titles this collection takes from other records for these entries (a conversation's customer),
 * by entry id. The collection of a screen never changes while it is mounted, so the hook called
 * here is always the same one.
 */
export function useEntryTitles(collectionId: string, projectId: string, entries: readonly ListEntryRecord[]): ReadonlyMap<string, string> {
  const useTitles = listEntryView(collectionId).useTitles ?? useNoTitles;
  return useTitles(projectId, entries);
}
