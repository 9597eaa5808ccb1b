/**
 * Replication of a record from the super-project to other projects (spec document 2 §2 'Document
 * screen', §6): collections allowed to replicate, top-level documents only, written under the
 * same id with merge. The decisions and the per-project outcome are here; the writes are passed in.
 */
import { findCollection, mergeDiff, stableText, type CollectionDefinition, type FieldDiff, type Project, type SettingsDefinition } from '@console/shared';
import { writeErrorMessage } from './document-writes';

export const REPLICATION_TEXTS = {
  title: 'Replicar para outros projetos',
  action: 'Replicar',
  none: 'Nenhum outro projeto com esta coleção.',
  done: 'Replicado',
  unsaved: 'Aguarde o salvamento das alterações para replicar.',
  failed: 'Não foi possível replicar.',
  preview: 'Pré-visualizar',
  previewFailed: 'Não foi possível comparar com os outros projetos.',
  previewFirst: 'Pré-visualize as diferenças antes de replicar.',
  diffTitle: (project: string) => `Diferenças em ${project}`,
  newRecord: 'O registro não existe neste projeto: será criado com todos os campos.',
  noDiff: 'Nenhum campo muda.',
  absent: '(vazio)',
  changedSince: (fields: string) => `O registro mudou neste projeto desde a pré-visualização (${fields}); nada foi gravado. Pré-visualize de novo.`,
} as const;

type Doc = Record<string, unknown>;

/** Timestamps are the record's, not a difference an operator decides on. */
const STAMP_FIELDS = new Set(['createdAt', 'updatedAt']);

export type { FieldDiff };

/** A stable text of a stored value, to compare and to pin. */
export const fingerprint = stableText;

/** What a merge-write of `stored` does to `target`, field by field (timestamps left out). */
export function replicationDiff(stored: Doc, target: Doc | null): FieldDiff[] {
  return mergeDiff(target, stored, STAMP_FIELDS);
}

/** What 'Pré-visualizar' found in one target project: the diff, and the target as it was (the run checks it is unchanged). */
export interface ReplicationPreview {
  projectId: string;
  exists: boolean;
  diff: FieldDiff[];
  target: Doc | null;
}

/** A target changed between the preview and the replication: not written. */
export class TargetMovedError extends Error {
  constructor(fields: string[]) {
    super(REPLICATION_TEXTS.changedSince(fields.join(', ') || 'registro'));
    this.name = 'TargetMovedError';
  }
}

/** A preview of the record as it was stored then, per chosen project: what 'Replicar' writes. */
export interface PreviewedReplication {
  stored: Doc;
  previews: ReplicationPreview[];
}

/** The fields of the target that moved between the preview and now (the message of a refused replication). */
export function movedFields(previewed: Doc | null, now: Doc | null): string[] {
  const keys = new Set([...Object.keys(previewed ?? {}), ...Object.keys(now ?? {})]);
  return [...keys].filter((k) => !STAMP_FIELDS.has(k) && fingerprint(previewed?.[k]) !== fingerprint(now?.[k])).sort();
}

/** A value in the diff: text as is, numbers pt-BR, maps and lists as JSON, nothing as '(vazio)'. */
export function diffValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return REPLICATION_TEXTS.absent;
  if (typeof value === 'number') return new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 4 }).format(value);
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 77)}…` : value;
  const text = fingerprint(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

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
      : {
          projectId: projectIds[i]!,
          ok: false,
          message: result.reason instanceof TargetMovedError ? result.reason.message : writeErrorMessage(result.reason, REPLICATION_TEXTS.failed),
        },
  );
}

export function outcomeText(outcome: ReplicationOutcome): string {
  return outcome.ok ? REPLICATION_TEXTS.done : outcome.message;
}
