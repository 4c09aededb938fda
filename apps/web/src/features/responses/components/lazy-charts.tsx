import { lazy, type ReactNode, Suspense } from 'react';

// recharts is large: the charts load only when a summary shows them (decision 007).
export const LazyDistributionChart = lazy(() =>
  import('./summary-charts').then((module) => ({ default: module.DistributionChart })),
);
export const LazyCompositeTrendChart = lazy(() =>
  import('./summary-charts').then((module) => ({ default: module.CompositeTrendChart })),
);

export function ChartSuspense({ children, height }: { children: ReactNode; height: number }) {
  return (
    <Suspense
      fallback={
        <div style={{ height }} className="flex items-center justify-center text-sm text-gray-600">
          Loading chart...
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

export const LazySegmentsChart = lazy(() =>
  import('./segments-chart').then((module) => ({ default: module.SegmentsChart })),
);
