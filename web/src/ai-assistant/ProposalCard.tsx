import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { summarizeValue, sanitizeRichText } from '../form-engine/value-formats';
import type { ConversationEntry, ProposedField } from './assistant-state';
import { ASSISTANT_TEXTS } from './constants';
import { richTextShown, wordDiff, type DiffPart } from './value-diff';

type Proposal = Extract<ConversationEntry, { kind: 'proposal' }>;

/** A value as the operator reads it; rich text rendered as text (sanitised, blocks kept), never as markup. */
export function valueText(value: unknown, richText = false): string {
  if (value === undefined || value === null || value === '') return ASSISTANT_TEXTS.emptyValue;
  if (typeof value === 'string') return richText ? richTextShown(value, sanitizeRichText) || ASSISTANT_TEXTS.emptyValue : value;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  return summarizeValue(value);
}

/** One side of the comparison; with `parts`, the words the other side lacks are marked (del before, ins after). */
export function ValueBox({ label, text, parts, tone }: { label: string; text: string; parts?: DiffPart[]; tone: 'before' | 'after' | 'current' }) {
  const colors = { before: 'red.subtle', after: 'green.subtle', current: 'orange.subtle' } as const;
  const Mark = tone === 'before' ? 'del' : 'ins';
  return (
    <Box bg={colors[tone]} borderRadius="sm" px="2" py="1" data-testid={`ai-diff-${tone}`}>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
        {parts
          ? parts.map((part, i) =>
              part.changed ? (
                <Box as={Mark} key={i} bg={tone === 'before' ? 'red.muted' : 'green.muted'} borderRadius="xs" data-testid="ai-diff-change">
                  {part.text}
                </Box>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )
          : text}
      </Text>
    </Box>
  );
}

/** Before and after of one field as text, with the changed words marked when both sides have text. */
export function fieldComparison(before: unknown, after: unknown, richText: boolean) {
  const beforeText = valueText(before, richText);
  const afterText = valueText(after, richText);
  const comparable = typeof before === 'string' && typeof after === 'string' && before !== '' && after !== '';
  return { beforeText, afterText, diff: comparable ? wordDiff(beforeText, afterText) : null };
}

interface ProposalCardProps {
  proposal: Proposal;
  /** The form's current value of a field. */
  current(field: string): unknown;
  conflicted(field: ProposedField): boolean;
  /** Whether a field is rich text (an 'editor' field): its HTML is shown rendered as text. */
  isRichText(field: string): boolean;
  onAccept(field: ProposedField): void;
  onReject(field: ProposedField): void;
}

/** One proposal: a before/after diff per field, accepted or rejected one by one, or all at once. */
export function ProposalCard({ proposal, current, conflicted, isRichText, onAccept, onReject }: ProposalCardProps) {
  const applicable = proposal.fields.filter((f) => f.status === 'pending' && !conflicted(f));
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="ai-proposal">
      <HStack justify="space-between">
        <Text fontWeight="semibold" fontSize="sm">
          {ASSISTANT_TEXTS.proposal}
        </Text>
        {applicable.length > 0 && (
          <Button size="xs" colorPalette="blue" onClick={() => applicable.forEach(onAccept)}>
            {ASSISTANT_TEXTS.applyAll}
          </Button>
        )}
      </HStack>
      {proposal.fields.map((field) => {
        const conflict = conflicted(field);
        const rich = isRichText(field.field);
        const { beforeText, afterText, diff } = fieldComparison(field.before, field.value, rich);
        return (
          <Stack key={field.field} gap="1" data-testid="ai-proposed-field" data-field={field.field} data-status={conflict ? 'conflict' : field.status}>
            <HStack justify="space-between">
              <Text fontSize="sm" fontWeight="medium">
                {field.title}
              </Text>
              {field.status === 'accepted' && <Badge colorPalette="green">{ASSISTANT_TEXTS.accepted}</Badge>}
              {field.status === 'rejected' && <Badge colorPalette="gray">{ASSISTANT_TEXTS.rejected}</Badge>}
            </HStack>
            <ValueBox label={ASSISTANT_TEXTS.before} text={beforeText} parts={diff?.before} tone="before" />
            <ValueBox label={ASSISTANT_TEXTS.after} text={afterText} parts={diff?.after} tone="after" />
            {field.reason && (
              <Text fontSize="xs" color="fg.muted">
                {field.reason}
              </Text>
            )}
            {conflict && (
              <>
                <Text fontSize="xs" color="orange.fg" role="status">
                  {ASSISTANT_TEXTS.conflict}
                </Text>
                <ValueBox label={ASSISTANT_TEXTS.current} text={valueText(current(field.field), rich)} tone="current" />
              </>
            )}
            {field.status === 'pending' && (
              <HStack gap="2">
                {!conflict && (
                  <Button size="xs" variant="solid" colorPalette="green" onClick={() => onAccept(field)}>
                    {ASSISTANT_TEXTS.accept}
                  </Button>
                )}
                <Button size="xs" variant="outline" onClick={() => onReject(field)}>
                  {ASSISTANT_TEXTS.reject}
                </Button>
              </HStack>
            )}
          </Stack>
        );
      })}
      {proposal.rejected.map((r) => (
        <Text key={r.field} fontSize="xs" color="fg.muted">
          {ASSISTANT_TEXTS.notProposed(r.field, r.reason)}
        </Text>
      ))}
    </Stack>
  );
}
