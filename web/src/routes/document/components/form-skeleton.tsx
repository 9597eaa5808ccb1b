import { Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';
import { DOCUMENT_TEXTS } from '../../../documents/constants';

/** Label and input placeholders while the document loads (at most eight: the first screenful). */
export function FormSkeleton({ fields }: { fields: number }) {
  return (
    <Stack gap="5" px="6" py="5" maxW="3xl" aria-busy="true" data-testid="document-skeleton">
      <VisuallyHidden>{DOCUMENT_TEXTS.loading}</VisuallyHidden>
      {Array.from({ length: Math.max(1, Math.min(fields, 8)) }, (_, i) => (
        <Stack key={i} gap="2">
          <Skeleton height="4" width="40" />
          <Skeleton height="10" />
        </Stack>
      ))}
    </Stack>
  );
}
