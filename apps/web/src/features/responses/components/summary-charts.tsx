import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCalendarDay, formatPercent } from '@/lib/format';

// Loaded on demand (React.lazy): recharts stays out of every other page's JavaScript.
// The SVG is hidden from assistive technology; each chart's figure carries a data table instead.

const indigo = '#6366f1';
const npsColours = { detractor: '#ef4444', passive: '#f59e0b', promoter: '#22c55e' };

export type DistributionPoint = { label: string; count: number; value: string };

function npsColour(value: string): string {
  const answer = Number(value);
  if (answer >= 9) return npsColours.promoter;
  if (answer >= 7) return npsColours.passive;
  return npsColours.detractor;
}

export function DistributionChart({ data, isNps }: { data: DistributionPoint[]; isNps: boolean }) {
  return (
    <div aria-hidden="true">
      <BarChart
        responsive
        accessibilityLayer={false}
        style={{ width: '100%', height: 220 }}
        data={data}
        margin={{ top: 8, right: 8, bottom: 8, left: -16 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#374151' }} interval={0} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#374151' }} />
        <Tooltip formatter={(count) => [String(count), 'Responses']} />
        <Bar dataKey="count" fill={indigo} radius={[4, 4, 0, 0]} isAnimationActive={false}>
          {data.map((point) => (
            <Cell key={point.value} fill={isNps ? npsColour(point.value) : indigo} />
          ))}
        </Bar>
      </BarChart>
    </div>
  );
}

export type CompositeWeek = { weekStart: string; percentage: number; count: number };

export function CompositeTrendChart({ weeks }: { weeks: CompositeWeek[] }) {
  const data = weeks.map((week) => ({ ...week, label: formatCalendarDay(week.weekStart) }));
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
        <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#374151' }} />
        <YAxis
          domain={[0, 100]}
          tickFormatter={(value: number) => `${value}%`}
          tick={{ fontSize: 12, fill: '#374151' }}
        />
        <Tooltip formatter={(value) => [formatPercent(Number(value)), 'Composite score']} />
        <Line
          type="monotone"
          dataKey="percentage"
          stroke={indigo}
          strokeWidth={2}
          dot={{ r: 3 }}
          isAnimationActive={false}
        />
      </LineChart>
    </div>
  );
}
