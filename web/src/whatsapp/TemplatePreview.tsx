import { Box, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useMemo } from 'react';
import { parseStoredTemplate, previewSegments, templateParts, type PreviewSegment } from '@console/shared';
import { WHATSAPP_TEXTS } from './texts';

function Segments({ segments }: { segments: PreviewSegment[] }) {
  return (
    <>
      {segments.map((segment, i) =>
        'text' in segment ? (
          <chakra.span key={i}>{segment.text}</chakra.span>
        ) : (
          <chakra.span
            key={i}
            data-placeholder={segment.placeholder}
            bg="yellow.100"
            color="yellow.900"
            px="0.5"
            borderRadius="sm"
            fontFamily="mono"
            fontSize="0.92em"
          >
            {segment.value ?? `{{${segment.placeholder}}}`}
          </chakra.span>
        ),
      )}
    </>
  );
}

/**
 * A phone-style preview of a WhatsApp template (header, body, footer, buttons as WhatsApp draws
 * them), the {{n}} placeholders marked; it follows the JSON as it is edited.
 */
export function TemplatePreview({ template }: { template: unknown }) {
  const parsed = useMemo(() => parseStoredTemplate(template), [template]);
  const parts = parsed ? templateParts(parsed) : null;
  return (
    <Box as="section" aria-label={WHATSAPP_TEXTS.previewTitle} mb="6">
      <Text fontSize="sm" fontWeight="medium" mb="2">
        {WHATSAPP_TEXTS.previewTitle}
      </Text>
      <Box data-testid="whatsapp-preview" w="300px" borderWidth="8px" borderColor="gray.800" borderRadius="32px" overflow="hidden" bg="#efe7de">
        <Flex bg="#075e54" color="white" px="3" py="2" fontSize="sm" fontWeight="semibold" justify="space-between">
          <span>WhatsApp</span>
          <span>{WHATSAPP_TEXTS.now}</span>
        </Flex>
        <Box p="3" minH="200px">
          {!parts ? (
            <Text fontSize="sm" color="red.700" role="alert">
              {WHATSAPP_TEXTS.previewInvalid}
            </Text>
          ) : (
            <Stack gap="1" maxW="250px">
              <Box bg="white" borderRadius="lg" borderTopLeftRadius="0" px="3" py="2" boxShadow="xs" fontSize="sm" whiteSpace="pre-wrap">
                {parts.header && (
                  <Text fontWeight="bold" mb="1" data-part="header">
                    {parts.header.format === 'TEXT' ? <Segments segments={previewSegments(parts.header.text ?? '')} /> : `[${parts.header.format}]`}
                  </Text>
                )}
                <Text data-part="body">
                  <Segments segments={previewSegments(parts.body)} />
                </Text>
                {parts.footer && (
                  <Text fontSize="xs" color="gray.500" mt="1" data-part="footer">
                    {parts.footer}
                  </Text>
                )}
                <Text fontSize="2xs" color="gray.500" textAlign="end">
                  {WHATSAPP_TEXTS.now}
                </Text>
              </Box>
              {parts.buttons.map((button, i) => (
                // WhatsApp's own button blue (#00a5f4) reads at 2.6:1 on white; this darker one at 5.3:1 (WCAG AA).
                <Box key={i} bg="white" borderRadius="lg" py="1.5" textAlign="center" color="#006fa8" fontSize="sm" boxShadow="xs" data-part="button">
                  {button.type === 'URL' ? '↗ ' : button.type === 'PHONE_NUMBER' ? '☎ ' : '↩ '}
                  {button.text}
                </Box>
              ))}
            </Stack>
          )}
        </Box>
      </Box>
      <Text fontSize="xs" color="fg.muted" mt="1">
        {WHATSAPP_TEXTS.placeholderHint}
      </Text>
    </Box>
  );
}

/** The preview as a document panel (web/src/collection-extensions): the stored template, live. */
export function TemplatePreviewPanel({ data }: { data: Record<string, unknown> | null }) {
  return <TemplatePreview template={data?.template} />;
}
