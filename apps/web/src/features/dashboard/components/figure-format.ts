import type { Figure } from '@graphium/shared';

// How the dashboard writes its figures: NPS in points (-100..100), the composite and rates in
// percent, each to one decimal, margins as "± x".

export type FigureKind = 'nps' | 'percent';

export function formatFigure(value: number | null, kind: FigureKind): string {
  if (value === null) return '—';
  return kind === 'nps' ? value.toFixed(1) : `${value.toFixed(1)}%`;
}

export function formatMargin(figure: Figure): string | undefined {
  return figure.marginOfError === null ? undefined : `± ${figure.marginOfError.toFixed(1)}`;
}

/** A signed change: "+2.5", "−4.0" (points or percentage points). */
export function formatChange(difference: number, kind: FigureKind): string {
  const sign = difference > 0 ? '+' : difference < 0 ? '−' : '±';
  return `${sign}${Math.abs(difference).toFixed(1)}${kind === 'nps' ? '' : ' pts'}`;
}
