import { Bar, BarChart, CartesianGrid, ErrorBar, Tooltip, XAxis, YAxis } from 'recharts';

// Loaded on demand (React.lazy) like the summary's charts; the SVG is hidden from assistive
// technology, the segment table beside it carries the same figures.

export type SegmentPoint = { label: string; value: number | null; margin: number };

export function SegmentsChart({ data, measure }: { data: SegmentPoint[]; measure: 'NPS' | 'Composite' }) {
  const isNps = measure === 'NPS';
  return (
    <div aria-hidden="true">
      <BarChart
        responsive
        accessibilityLayer={false}
        style={{ width: '100%', height: 260 }}
        data={data}
        margin={{ top: 8, right: 8, bottom: 8, left: -8 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#374151' }} interval={0} />
        <YAxis domain={isNps ? [-100, 100] : [0, 100]} tick={{ fontSize: 12, fill: '#374151' }} />
        <Tooltip formatter={(value) => [Math.round(Number(value)), measure]} />
        <Bar dataKey="value" fill="#6366f1" radius={[4, 4, 0, 0]} isAnimationActive={false}>
          <ErrorBar dataKey="margin" width={6} stroke="#374151" />
        </Bar>
      </BarChart>
    </div>
  );
}
