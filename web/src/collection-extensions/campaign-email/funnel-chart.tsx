import { Funnel, FunnelChart, LabelList, ResponsiveContainer, Tooltip } from 'recharts';

const COLORS = ['#1e3a8a', '#1d4ed8', '#2563eb', '#3b82f6', '#93c5fd'];

/** The campaign funnel (recharts), loaded only when a report is opened. */
export default function CampaignFunnelChart({ stages }: { stages: { stage: string; value: number }[] }) {
  const data = stages.map((s, i) => ({ name: s.stage, value: s.value, fill: COLORS[i % COLORS.length] }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <FunnelChart accessibilityLayer>
        <Tooltip />
        <Funnel dataKey="value" data={data} isAnimationActive={false}>
          <LabelList position="right" fill="#111" stroke="none" dataKey="name" />
          <LabelList position="center" fill="#fff" stroke="none" dataKey="value" />
        </Funnel>
      </FunnelChart>
    </ResponsiveContainer>
  );
}
