import { Box, Button, chakra, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Project } from '@console/shared';
import { outcomeText, REPLICATION_TEXTS, type ReplicationOutcome } from '../../../documents/replication';

interface ReplicationPanelProps {
  targets: readonly Project[];
  /** Unsaved edits: the stored record would not be the one on screen. */
  blocked: boolean;
  onReplicate(projectIds: string[]): Promise<ReplicationOutcome[]>;
}

/** Super-project only: a checkbox per other project, 'Replicar', and what happened in each. */
export function ReplicationPanel({ targets, blocked, onReplicate }: ReplicationPanelProps) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<ReplicationOutcome[]>([]);

  function toggle(projectId: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(projectId);
      else next.delete(projectId);
      return next;
    });
  }

  async function replicate() {
    setBusy(true);
    setOutcomes([]);
    try {
      const ids = targets.filter((p) => chosen.has(p.id)).map((p) => p.id);
      setOutcomes(await onReplicate(ids));
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
            <Button size="sm" variant="outline" loading={busy} disabled={chosen.size === 0 || blocked} onClick={() => void replicate()}>
              {REPLICATION_TEXTS.action}
            </Button>
            {blocked && (
              <Text fontSize="xs" color="fg.muted">
                {REPLICATION_TEXTS.unsaved}
              </Text>
            )}
          </HStack>
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
