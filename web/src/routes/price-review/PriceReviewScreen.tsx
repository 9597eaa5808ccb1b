import { Heading, Stack, Text } from '@chakra-ui/react';
import { useCurrentProject } from '../../app/project-context';
import { formatMoney } from '../../lib/format';
import { HeldPriceList } from '../../price-review/HeldPriceList';
import { StaleOverrideList } from '../../price-review/StaleOverrideList';
import { PRICE_REVIEW_TEXTS as T } from '../../price-review/texts';
import { FIELD_FORMATS, FIELD_LABELS } from '../../product/constants';

/** A field's value as the panel would show it: money in BRL, the rest as written. */
function showValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && FIELD_FORMATS[field] === 'money') return formatMoney(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * /console/price-review: the project's held price changes (#held) and stale overrides (#stale),
 * each answered where it is listed (issue 29 points 3 and 4); the home screen links here.
 */
export default function PriceReviewScreen() {
  const project = useCurrentProject();
  return (
    <Stack gap="8" maxW="6xl">
      <Stack gap="3" as="section" id="held" aria-labelledby="held-title">
        <Heading as="h1" size="lg" id="held-title">
          {T.heldTitle}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {T.heldIntro}
        </Text>
        <HeldPriceList projectId={project.id} />
      </Stack>
      <Stack gap="3" as="section" id="stale" aria-labelledby="stale-title">
        <Heading as="h2" size="md" id="stale-title">
          {T.staleTitle}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {T.staleIntro}
        </Text>
        <StaleOverrideList projectId={project.id} fieldLabel={(field) => FIELD_LABELS[field] ?? field} showValue={showValue} />
      </Stack>
    </Stack>
  );
}
