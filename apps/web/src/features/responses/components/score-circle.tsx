import { scoreGrade } from '@graphium/shared';
import clsx from 'clsx';
import { formatPercent } from '@/lib/format';
import { scoreClasses } from './score-colors';

const radius = 52;
const circumference = 2 * Math.PI * radius;

/**
 * docs/product-rules.md#scores-grades-and-benchmarks: the composite score in a ring of its colour band, with
 * its verbal grade.
 */
export function ScoreCircle({ percentage, scoredCount }: { percentage: number | null; scoredCount: number }) {
  if (percentage === null) {
    return (
      <div className="text-center">
        <p className="text-2xl font-bold text-gray-700">No score</p>
        <p className="mt-1 text-sm text-gray-600">No scored question has been answered yet.</p>
      </div>
    );
  }
  const classes = scoreClasses(percentage);
  const filled = (Math.min(100, Math.max(0, percentage)) / 100) * circumference;
  return (
    <div className="flex flex-col items-center text-center">
      <div className="relative size-36">
        <svg viewBox="0 0 120 120" className="size-36 -rotate-90" aria-hidden="true" focusable="false">
          <circle cx="60" cy="60" r={radius} fill="none" strokeWidth="10" className="stroke-gray-200" />
          <circle
            cx="60"
            cy="60"
            r={radius}
            fill="none"
            strokeWidth="10"
            strokeLinecap="round"
            strokeDasharray={`${filled} ${circumference}`}
            className={classes.stroke}
          />
        </svg>
        <span className="absolute inset-0 flex items-center justify-center text-3xl font-bold text-gray-900">
          {formatPercent(percentage)}
        </span>
      </div>
      <p className={clsx('mt-2 text-lg font-semibold', classes.text)}>{scoreGrade(percentage)}</p>
      <p className="mt-1 text-sm text-gray-600">
        Based on responses to {scoredCount} scored question{scoredCount === 1 ? '' : 's'}
      </p>
    </div>
  );
}
