import { Box, Button, chakra, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Project } from '@console/shared';
import { diffValue, outcomeText, REPLICATION_TEXTS, type PreviewedReplication, type ReplicationOutcome } from '../../../documents/replication';

interface ReplicationPanelProps {
  targets: readonly Project[];
  /** Unsaved edits: the stored record would not be the one on screen. */
  blocked: boolean;
  onPreview(projectIds: string[]): Promise<PreviewedReplication>;
  onReplicate(previewed: PreviewedReplication): Promise<ReplicationOutcome[]>;
}

/**
 * Super-project only: a checkbox per other project, 'Pré-visualizar' (the field-by-field diff in
 * each chosen project), then 'Replicar', which writes exactly what was previewed, and what
 * happened in each (issue 29 point 5).
 */
export function ReplicationPanel({ targets, blocked, onPreview, onReplicate }: ReplicationPanelProps) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<ReplicationOutcome[]>([]);
  const [previewed, setPreviewed] = useState<PreviewedReplication | null>(null);
  const [previewError, setPreviewError] = useState(false);

  function toggle(projectId: string, on: boolean) {
    // Another choice of projects is another replication: preview it again.
    setPreviewed(null);
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(projectId);
      else next.delete(projectId);
      return next;
    });
  }

  async function preview() {
    setBusy(true);
    setOutcomes([]);
    setPreviewError(false);
    try {
      setPreviewed(await onPreview(targets.filter((p) => chosen.has(p.id)).map((p) => p.id)));
    } catch (error) {
      console.error(error);
      setPreviewError(true);
    } finally {
      setBusy(false);
    }
  }

  async function replicate() {
    if (!previewed) return;
    setBusy(true);
    setOutcomes([]);
    try {
      setOutcomes(await onReplicate(previewed));
      setPreviewed(null);
    } finally {
      setBusy(false);
    }
  }

  const name = (projectId: string) => targets.find((p) => p.id === projectId)?.name ?? projectId;

  return (
    <Box as="section" aria-label={REPLICATION_TEXTS.title} borderWidth="1px" borderRadius="md" px="4" py="3" mb="5">
      <Text fontSize="sm" fontWeight="semibold" mb="2">
        {REPLICATION_TEXTS.title}
      </Text>
      {targets.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {REPLICATION_TEXTS.none}
        </Text>
      ) : (
        <Stack gap="3">
          <HStack gap="5" wrap="wrap">
            {targets.map((project) => {
              const id = `replicate-${project.id}`;
              return (
                <HStack key={project.id} gap="2">
                  <chakra.input
                    id={id}
                    type="checkbox"
                    boxSize="4"
                    accentColor="blue.600"
                    checked={chosen.has(project.id)}
                    disabled={busy}
                    onChange={(e) => toggle(project.id, e.target.checked)}
                  />
                  <chakra.label htmlFor={id} fontSize="sm">
                    {project.name}
                  </chakra.label>
                </HStack>
              );
            })}
          </HStack>
          <HStack gap="3">
            <Button size="sm" variant="outline" loading={busy && !previewed} disabled={chosen.size === 0 || blocked || busy} onClick={() => void preview()}>
              {REPLICATION_TEXTS.preview}
            </Button>
            <Button size="sm" variant="outline" loading={busy && !!previewed} disabled={!previewed || blocked || busy} onClick={() => void replicate()}>
              {REPLICATION_TEXTS.action}
            </Button>
            {blocked ? (
              <Text fontSize="xs" color="fg.muted">
                {REPLICATION_TEXTS.unsaved}
              </Text>
            ) : (
              chosen.size > 0 &&
              !previewed && (
                <Text fontSize="xs" color="fg.muted">
                  {REPLICATION_TEXTS.previewFirst}
                </Text>
              )
            )}
          </HStack>
          {previewError && (
            <Text fontSize="sm" role="alert" color="red.fg">
              {REPLICATION_TEXTS.previewFailed}
            </Text>
          )}
          {previewed?.previews.map((target) => (
            <Box key={target.projectId} data-testid="replication-diff" data-project={target.projectId} fontSize="sm">
              <Text fontWeight="semibold">{REPLICATION_TEXTS.diffTitle(name(target.projectId))}</Text>
              {!target.exists && <Text color="fg.muted">{REPLICATION_TEXTS.newRecord}</Text>}
              {target.exists && target.diff.length === 0 ? (
                <Text color="fg.muted">{REPLICATION_TEXTS.noDiff}</Text>
              ) : (
                <List.Root variant="plain" gap="0.5">
                  {target.diff.map((d) => (
                    <List.Item key={d.field} data-testid="replication-diff-field">
                      <Text as="strong">{d.field}</Text>: {diffValue(d.from)} → {diffValue(d.to)}
                    </List.Item>
                  ))}
                </List.Root>
              )}
            </Box>
          ))}
          {outcomes.length > 0 && (
            <List.Root gap="1" fontSize="sm" variant="plain" aria-live="polite">
              {outcomes.map((outcome) => (
                <List.Item key={outcome.projectId} data-testid="replication-result" color={outcome.ok ? 'green.fg' : 'red.fg'}>
                  {name(outcome.projectId)}: {outcomeText(outcome)}
                </List.Item>
              ))}
            </List.Root>
          )}
        </Stack>
      )}
    </Box>
  );
}
