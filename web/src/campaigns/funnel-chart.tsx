import { Box, Text } from '@chakra-ui/react';

/**
 * The campaign funnel of either channel (processed → delivered → opened → clicked for e-mail;
 * sent → delivered → read for WhatsApp) as horizontal bars: the stage names sit in their own column
 * and wrap rather than being cut (a chart library's labels were clipped at 1280–1400 px), each bar
 * is as wide as its share of the first stage, and the figures are text, so a screen reader reads
 * the chart as a list.
 */
export default function CampaignFunnelChart({ stages }: { stages: { stage: string; value: number }[] }) {
  const top = Math.max(stages[0]?.value ?? 0, ...stages.map((s) => s.value), 1);
  return (
    <Box
      as="ol"
      listStyleType="none"
      m="0"
      p="0"
      display="grid"
      gridTemplateColumns="minmax(7rem, max-content) 1fr"
      columnGap="3"
      rowGap="2"
      data-testid="funnel-chart"
    >
      {stages.map((s, i) => {
        const share = s.value / top;
        const percent = Math.round(share * 100);
        return (
          <Box as="li" key={s.stage} display="contents" data-stage={s.stage} aria-label={`${s.stage}: ${s.value} (${percent}%)`}>
            <Text fontSize="sm" whiteSpace="normal" overflowWrap="anywhere" alignSelf="center" data-part="label">
              {s.stage}
            </Text>
            <Box display="flex" alignItems="center" gap="2" minW="0">
              <Box
                h="6"
                borderRadius="sm"
                bg={i === 0 ? 'blue.800' : i === 1 ? 'blue.600' : i === 2 ? 'blue.500' : 'blue.400'}
                style={{ width: `${Math.max(share * 100, s.value > 0 ? 1 : 0)}%` }}
              />
              <Text fontSize="sm" fontWeight="medium" whiteSpace="nowrap" data-part="value">
                {s.value.toLocaleString('pt-BR')} ({percent}%)
              </Text>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
