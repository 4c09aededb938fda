import type { ComparedFigure, FigureChange, PeriodFigures } from '@graphium/shared';
import { Badge } from '@/components/ui/badge';
import { formatNumber } from '@/lib/format';
import { type FigureKind, formatChange, formatFigure, formatMargin } from './figure-format';

export const indicativeText = 'Indicative: fewer than 30 answers';

function ChangeLine({ change, kind }: { change: FigureChange | null; kind: FigureKind }) {
  if (!change) return <p className="text-sm text-gray-600">Change: not enough answers to compare</p>;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
      <span>Change: {formatChange(change.difference, kind)}</span>
      {change.significant ? (
        <Badge tone="indigo">Significant</Badge>
      ) : (
        <Badge tone="gray">Not significant</Badge>
      )}
    </p>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <li className="flex flex-col gap-1 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <h3 className="text-sm font-medium text-gray-600">{title}</h3>
      {children}
    </li>
  );
}

function ScoreCard({ title, figure, kind }: { title: string; figure: ComparedFigure; kind: FigureKind }) {
  const margin = formatMargin(figure.current);
  return (
    <Card title={title}>
      <p className="flex items-baseline gap-2">
        <span className="text-3xl font-bold tracking-tight text-gray-900">
          {formatFigure(figure.current.value, kind)}
        </span>
        {margin && (
          <span className="text-sm text-gray-600">
            {margin}
            <span className="sr-only"> margin of error at 95%</span>
          </span>
        )}
      </p>
      <p className="text-sm text-gray-600">
        {formatNumber(figure.current.count)} answers · previous {formatFigure(figure.previous.value, kind)}
        {formatMargin(figure.previous) ? ` ${formatMargin(figure.previous)}` : ''}
      </p>
      <ChangeLine change={figure.change} kind={kind} />
      {figure.current.indicative && (
        <p>
          <Badge tone="amber">{indicativeText}</Badge>
        </p>
      )}
    </Card>
  );
}

/** NPS, composite, responses and response rate, each beside the previous period. */
export function HeadlineCards({ figures }: { figures: PeriodFigures }) {
  const { responses, responseRate } = figures;
  const responsesChange = responses.current - responses.previous;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <ScoreCard title="NPS" figure={figures.nps} kind="nps" />
      <ScoreCard title="Composite score" figure={figures.composite} kind="percent" />
      <Card title="Responses">
        <p className="text-3xl font-bold tracking-tight text-gray-900">{formatNumber(responses.current)}</p>
        <p className="text-sm text-gray-600">previous {formatNumber(responses.previous)}</p>
        <p className="text-sm text-gray-700">
          Change: {responsesChange > 0 ? '+' : responsesChange < 0 ? '−' : '±'}
          {formatNumber(Math.abs(responsesChange))}
        </p>
      </Card>
      <Card title="Response rate">
        <p className="text-3xl font-bold tracking-tight text-gray-900">
          {formatFigure(responseRate.current.value, 'percent')}
        </p>
        <p className="text-sm text-gray-600">
          {formatNumber(responseRate.current.responded)} of {formatNumber(responseRate.current.sent)} sent ·
          previous {formatFigure(responseRate.previous.value, 'percent')}
        </p>
        <ChangeLine change={responseRate.change} kind="percent" />
      </Card>
    </ul>
  );
}
