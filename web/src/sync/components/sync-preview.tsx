import { Badge, Box, Heading, List, Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '../../lib/format';
import { SYNC_TEXTS } from '../constants';
import { previewValue, type SyncPreview } from '../preview';

/**
 * Per product, what the BigQuery → Firestore step would write: fields stored → incoming, overrides
 * that will hold, prices the guardrails would hold, the catalogue document created or filled.
 */
export function SyncPreviewPanel({ preview, current }: { preview: SyncPreview; current: boolean }) {
  return (
    <Box as="section" aria-label={SYNC_TEXTS.previewTitle} p="5" borderBottomWidth="1px" data-testid="sync-preview">
      <Heading as="h3" size="sm" mb="1">
        {SYNC_TEXTS.previewTitle}
      </Heading>
      <Text fontSize="xs" color="fg.muted" mb="3">
        {current ? SYNC_TEXTS.previewNote : SYNC_TEXTS.previewOutdated}
      </Text>
      <Stack gap="3">
        {preview.products.map((product) => (
          <Box key={product.code} data-testid="sync-preview-product" data-code={product.code} borderWidth="1px" borderRadius="md" p="3" fontSize="sm">
            <Text fontWeight="semibold" mb="1">
              {product.code}{' '}
              {product.status === 'ok' && product.product !== 'unchanged' && (
                <Badge size="sm">{product.product === 'created' ? SYNC_TEXTS.previewCreated : SYNC_TEXTS.previewFilled}</Badge>
              )}
            </Text>
            {product.status === 'error' ? (
              <Text color="fg.error">{product.message}</Text>
            ) : (
              <List.Root variant="plain" gap="1">
                {product.changes.length === 0 && product.held.length === 0 && product.overridesKept.length === 0 && (
                  <List.Item color="fg.muted">{SYNC_TEXTS.previewNothing}</List.Item>
                )}
                {product.changes.map((change) => (
                  <List.Item key={change.field} data-testid="sync-preview-change">
                    <Text as="strong">{change.field}</Text>: {previewValue(change.from)} → {previewValue(change.to)}
                  </List.Item>
                ))}
                {product.overridesKept.map((kept) => (
                  <List.Item key={kept.field} data-testid="sync-preview-override" color="fg.warning">
                    {SYNC_TEXTS.previewOverrideKept(kept.field, previewValue(kept.value), previewValue(kept.incoming))}
                  </List.Item>
                ))}
                {product.held.map((held) => (
                  <List.Item key={held.field} data-testid="sync-preview-held" color="fg.error">
                    {SYNC_TEXTS.previewHeld(held.field, formatMoney(held.from) || '—', formatMoney(held.to) || '—', held.message)}
                  </List.Item>
                ))}
              </List.Root>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
