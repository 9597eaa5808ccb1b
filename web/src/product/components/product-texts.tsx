import { Box, Stack, Text } from '@chakra-ui/react';
import { htmlTextLines, PRODUCT_TEXT_KINDS, type ProductTextKind } from '@console/shared';
import { formatDateTime } from '../../lib/format';
import { PANEL_TEXTS } from '../constants';
import type { PanelTexts } from '../use-product-panel';

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** What one stored text shows, line by line; a value of an unexpected shape shows nothing. */
function textLines(kind: ProductTextKind, value: unknown): string[] {
  switch (kind) {
    case 'title':
      return typeof value === 'string' ? [value] : [];
    case 'description':
    case 'sales':
      // Stored as sanitised HTML: shown as text, never as markup, a line per paragraph and list item.
      return typeof value === 'string' ? htmlTextLines(value) : [];
    case 'badges':
      return [strings(value).join(' · ')].filter(Boolean);
    case 'facets':
      return Array.isArray(value)
        ? value.flatMap((facet: { name?: unknown; value?: unknown }) =>
            typeof facet?.name === 'string' && typeof facet.value === 'string' ? [`${facet.name}: ${facet.value}`] : [],
          )
        : [];
    case 'reviews': {
      if (typeof value !== 'object' || value === null) return [];
      const { summary, pros, cons } = value as { summary?: unknown; pros?: unknown; cons?: unknown };
      return [
        typeof summary === 'string' ? summary : '',
        strings(pros).length ? `${PANEL_TEXTS.pros}: ${strings(pros).join('; ')}` : '',
        strings(cons).length ? `${PANEL_TEXTS.cons}: ${strings(cons).join('; ')}` : '',
      ].filter(Boolean);
    }
  }
}

function generatedAt(value: unknown): Date | null {
  return typeof value === 'object' && value !== null && 'toDate' in value && typeof value.toDate === 'function' ? (value.toDate() as Date) : null;
}

/**
 * The AI-written texts of the product (product-text/{code}, functions/src/ai/README.md), read-only:
 * what 'IA: textos' on the bulk screen wrote, with the model and when.
 */
export function ProductTexts({ texts }: { texts: PanelTexts }) {
  if (texts.status === 'loading')
    return (
      <Text fontSize="sm" color="fg.muted">
        {PANEL_TEXTS.loading}
      </Text>
    );
  if (texts.status === 'error')
    return (
      <Text fontSize="sm" role="alert">
        {PANEL_TEXTS.textsLoadFailed}
      </Text>
    );
  const shown = PRODUCT_TEXT_KINDS.flatMap((kind) => {
    const entry = texts.texts?.[kind] as { value?: unknown; model?: unknown; generatedAt?: unknown } | undefined;
    const lines = entry ? textLines(kind, entry.value) : [];
    return lines.length && entry ? [{ kind, lines, model: typeof entry.model === 'string' ? entry.model : '', at: generatedAt(entry.generatedAt) }] : [];
  });
  if (shown.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        {PANEL_TEXTS.noTexts}
      </Text>
    );
  return (
    <Stack as="dl" gap="3" data-testid="product-texts">
      {shown.map(({ kind, lines, model, at }) => (
        <Box key={kind} fontSize="sm" data-testid={`product-text-${kind}`}>
          <Text as="dt" fontWeight="semibold">
            {PANEL_TEXTS.textKinds[kind]}
          </Text>
          <Box as="dd" ms="0">
            {lines.map((line, i) => (
              <Text key={i}>{line}</Text>
            ))}
            <Text color="fg.muted">{PANEL_TEXTS.textProvenance(model, formatDateTime(at))}</Text>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
