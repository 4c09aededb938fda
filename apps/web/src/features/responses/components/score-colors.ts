import { type ScoreBand, scoreBand } from '@graphium/shared';

// docs/product-rules.md#scores-grades-and-benchmarks: 80 and above high (green), 60 and above medium (amber),
// otherwise low (red).
const bandClasses: Record<ScoreBand, { dot: string; text: string; stroke: string; label: string }> = {
  high: { dot: 'bg-green-500', text: 'text-green-700', stroke: 'stroke-green-500', label: 'High' },
  medium: { dot: 'bg-amber-400', text: 'text-amber-700', stroke: 'stroke-amber-400', label: 'Medium' },
  low: { dot: 'bg-red-500', text: 'text-red-700', stroke: 'stroke-red-500', label: 'Low' },
};

export function scoreClasses(percentage: number) {
  return bandClasses[scoreBand(percentage)];
}
