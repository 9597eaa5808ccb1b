import { Badge, Box, Button, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { productReadinessSchema, type ReadinessChannel } from '@console/shared';
import { channelLabel, READINESS_TEXTS } from '../constants';
import { focusFormField } from '../focus-field';

interface ReadinessChecklistProps {
  /** product/{code}.readiness as stored by the functions (any shape: it is parsed here). */
  stored: unknown;
  /** The channels the store sells on. */
  channels: readonly ReadinessChannel[];
}

/**
 * The product's readiness per channel the store sells on: a score and the checklist of what
 * fails, each item a link to the form's field to fix. Computed and stored by the functions
 * (functions/src/readiness), so it shows what lists and filters read.
 */
export function ReadinessChecklist({ stored, channels }: ReadinessChecklistProps) {
  const parsed = productReadinessSchema.safeParse(stored);
  return (
    <Box as="section" aria-label={READINESS_TEXTS.section} borderWidth="1px" borderRadius="md" p="4" data-readiness-skip="">
      <Heading as="h3" size="sm" mb="3">
        {READINESS_TEXTS.section}
      </Heading>
      {!parsed.success ? (
        <Text color="fg.muted" fontSize="sm">
          {READINESS_TEXTS.notEvaluated}
        </Text>
      ) : (
        <Stack gap="3">
          {channels.map((channel) => {
            const result = parsed.data.channels[channel];
            if (!result) return null;
            const label = channelLabel(channel);
            const ready = result.failures.length === 0;
            return (
              <Box key={channel} data-testid={`readiness-${channel}`}>
                <Flex align="center" gap="2">
                  <Text fontWeight="medium" fontSize="sm">
                    {label}
                  </Text>
                  <Badge
                    colorPalette={ready ? 'green' : result.score >= 80 ? 'orange' : 'red'}
                    aria-label={READINESS_TEXTS.channelSummary(label, result.score, result.failures.length)}
                  >
                    {ready ? READINESS_TEXTS.ready : READINESS_TEXTS.score(result.score)}
                  </Badge>
                </Flex>
                {ready ? (
                  <Text fontSize="xs" color="fg.muted">
                    {READINESS_TEXTS.allPassed}
                  </Text>
                ) : (
                  <List.Root as="ul" ps="4" fontSize="sm" aria-label={READINESS_TEXTS.notReadyFor(label)}>
                    {result.failures.map((failure) => (
                      <List.Item key={failure.rule}>
                        <Flex gap="2" align="baseline" wrap="wrap">
                          <Text as="span">{failure.reason}</Text>
                          <Button
                            variant="plain"
                            size="xs"
                            p="0"
                            h="auto"
                            color="fg.info"
                            textDecoration="underline"
                            onClick={() => focusFormField(failure.label)}
                          >
                            {READINESS_TEXTS.fixField(failure.label)}
                          </Button>
                        </Flex>
                      </List.Item>
                    ))}
                  </List.Root>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
