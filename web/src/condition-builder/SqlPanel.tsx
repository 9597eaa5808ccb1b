import { Box, Button, chakra, Flex, Text, Textarea } from '@chakra-ui/react';
import { memo, useState } from 'react';
import { readConditionSql, type ConditionNode, type SqlReadError } from '@console/shared';

const SQL_CONTAINMENT = { contain: 'layout paint' } as const;

/**
 * The SQL of the current tree, and 'Editar como SQL': the text is read back into a tree when
 * applied; what the reader refuses is shown inline and nothing changes.
 */
export const SqlPanel = memo(function SqlPanel({
  sql,
  disabled,
  onApply,
}: {
  /** null while not written yet (a frame after the builder opens). */
  sql: string | null;
  disabled: boolean;
  onApply(tree: ConditionNode): void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<SqlReadError | null>(null);
  if (draft === null) {
    return (
      <Box>
        <Flex align="center" justify="space-between" mb="1">
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
            SQL
          </Text>
          <Button
            size="2xs"
            variant="outline"
            disabled={disabled}
            onClick={() => {
              setDraft(sql ?? '');
              setError(null);
            }}
          >
            Editar como SQL
          </Button>
        </Flex>
        <chakra.pre
          data-testid="condition-sql"
          fontFamily="mono"
          fontSize="xs"
          whiteSpace="pre-wrap"
          wordBreak="break-word"
          bg="bg.muted"
          p="2"
          rounded="md"
          m="0"
          // A box of its own size: the SQL of a large rule scrolls, and rewriting it after an edit
          // lays out only this box, not the tree beside it.
          maxH="24rem"
          overflowY="auto"
          css={SQL_CONTAINMENT}
        >
          {sql === '' ? '—' : sql}
        </chakra.pre>
      </Box>
    );
  }
  const apply = () => {
    const read = readConditionSql(draft);
    if (!read.ok) {
      setError(read.error);
      return;
    }
    onApply(read.map);
    setDraft(null);
    setError(null);
  };
  return (
    <Box>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" mb="1">
        Editar como SQL
      </Text>
      <Textarea
        aria-label="SQL da condição"
        fontFamily="mono"
        fontSize="xs"
        rows={6}
        value={draft}
        aria-invalid={Boolean(error) || undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            apply();
          }
        }}
      />
      {error && (
        <Box role="alert" fontSize="xs" color="red.700" mt="1">
          <Text>{error.message}</Text>
          <chakra.pre fontFamily="mono" whiteSpace="pre-wrap" m="0" mt="1">
            {draft.slice(Math.max(0, error.from - 30), error.from)}
            <chakra.mark bg="red.100" color="red.800">
              {draft.slice(error.from, error.to) || ' '}
            </chakra.mark>
            {draft.slice(error.to, error.to + 30)}
          </chakra.pre>
        </Box>
      )}
      <Flex gap="2" mt="2">
        <Button size="xs" colorPalette="blue" onClick={apply}>
          Aplicar SQL
        </Button>
        <Button
          size="xs"
          variant="ghost"
          onClick={() => {
            setDraft(null);
            setError(null);
          }}
        >
          Cancelar
        </Button>
      </Flex>
    </Box>
  );
});
