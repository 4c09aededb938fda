import type { DashboardTrendPoint } from '@graphium/shared';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCalendarDay } from '@/lib/format';

// Loaded on demand (React.lazy): recharts stays out of the dashboard's first JavaScript. The SVG is
// hidden from assistive technology; the trend's table beside it carries the figures.

export function TrendChart({ points }: { points: DashboardTrendPoint[] }) {
  const data = points.map((point) => ({
    label: formatCalendarDay(point.start),
    nps: point.nps.value === null ? null : Math.round(point.nps.value * 10) / 10,
    composite: point.composite.value === null ? null : Math.round(point.composite.value * 10) / 10,
  }));
  return (
    <div aria-hidden="true">
      <LineChart
        responsive
        accessibilityLayer={false}
        style={{ width: '100%', height: 260 }}
        data={data}
        margin={{ top: 8, right: 16, bottom: 8, left: -16 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#374151' }} minTickGap={16} />
        <YAxis domain={[-100, 100]} tick={{ fontSize: 12, fill: '#374151' }} />
        <Tooltip />
        <Legend />
        <Line
          type="monotone"
          dataKey="nps"
          name="NPS"
          stroke="#6366f1"
          connectNulls
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="composite"
          name="Composite score (%)"
          stroke="#16a34a"
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </div>
  );
}
