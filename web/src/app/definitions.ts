import { collectionsForProject, isAdmin, settingsForProject, type AccessClaims, type CollectionDefinition, type SettingsDefinition } from '@console/shared';

/** The collection editor `collectionId` of this project, or null when the project has none. */
export function findCollectionDefinition(projectId: string, collectionId: string): CollectionDefinition | null {
  return collectionsForProject(projectId).find((c) => c.id === collectionId) ?? null;
}

/** Settings screens this user may open: admin-only ones (credentials) are hidden from staff. */
export function visibleSettings(projectId: string, claims: AccessClaims | null): SettingsDefinition[] {
  const admin = isAdmin(claims);
  return settingsForProject(projectId).filter((s) => admin || !s.adminOnly);
}

export function findSettingsDefinition(projectId: string, settingsId: string): SettingsDefinition | null {
  return settingsForProject(projectId).find((s) => s.id === settingsId) ?? null;
}
