/**
 * Replication of a record from the super-project to other projects (spec document 2 §2 'Document
 * screen', §6): collections allowed to replicate, top-level documents only, written under the
 * same id with merge. The decisions and the per-project outcome are here; the writes are passed in.
 */
import { findCollection, type CollectionDefinition, type Project, type SettingsDefinition } from '@console/shared';
import { writeErrorMessage } from './document-writes';

export const REPLICATION_TEXTS = {
  title: 'Replicar para outros projetos',
  action: 'Replicar',
  none: 'Nenhum outro projeto com esta coleção.',
  done: 'Replicado',
  unsaved: 'Aguarde o salvamento das alterações para replicar.',
  failed: 'Não foi possível replicar.',
} as const;

/** Only the super-project replicates, only existing records of collections marked replicable. */
export function canReplicate(definition: CollectionDefinition | SettingsDefinition, projectId: string, superProjectId: string, creating: boolean): boolean {
  return definition.kind === 'collection' && definition.replicable === true && projectId === superProjectId && !creating;
}

/** The other projects the user may open that have this collection, in the order given. */
export function replicationTargets(projects: readonly Project[], projectId: string, collectionId: string): Project[] {
  return projects.filter((p) => p.id !== projectId && findCollection(p.id, collectionId) !== undefined);
}

export type ReplicationOutcome = { projectId: string; ok: true } | { projectId: string; ok: false; message: string };

/** Writes to every chosen project at once; one refusal does not stop the others. */
export async function replicateTo(projectIds: readonly string[], write: (projectId: string) => Promise<void>): Promise<ReplicationOutcome[]> {
  const results = await Promise.allSettled(projectIds.map((projectId) => write(projectId)));
  return results.map((result, i): ReplicationOutcome =>
    result.status === 'fulfilled'
      ? { projectId: projectIds[i]!, ok: true }
      : { projectId: projectIds[i]!, ok: false, message: writeErrorMessage(result.reason, REPLICATION_TEXTS.failed) },
  );
}

export function outcomeText(outcome: ReplicationOutcome): string {
  return outcome.ok ? REPLICATION_TEXTS.done : outcome.message;
}
