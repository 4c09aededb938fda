import type { PeriodFigures } from '@graphium/shared';
import { describe, expect, it } from 'vitest';
import { digestChartAlt, digestChartSvg } from './digest-chart.js';
import { figureLines, periodLabel, renderDigestEmail } from './digest-email.js';

const noFigure = { value: null, count: 0, marginOfError: null, indicative: true };
const none: PeriodFigures = {
  period: { from: '2026-02-01', to: '2026-02-28' },
  previousPeriod: { from: '2026-01-04', to: '2026-01-31' },
  nps: { current: noFigure, previous: noFigure, change: null },
  composite: { current: noFigure, previous: noFigure, change: null },
  responses: { current: 0, previous: 0 },
  responseRate: {
    current: { value: null, sent: 0, responded: 0 },
    previous: { value: null, sent: 0, responded: 0 },
    change: null,
  },
};

describe('the digest e-mail', () => {
  it('names weeks and months as people write them', () => {
    expect(periodLabel('weekly', '2026-03-02', '2026-03-08')).toBe('2–8 March 2026');
    expect(periodLabel('weekly', '2026-03-30', '2026-04-05')).toBe('30 March – 5 April 2026');
    expect(periodLabel('weekly', '2025-12-29', '2026-01-04')).toBe('29 December 2025 – 4 January 2026');
    expect(periodLabel('monthly', '2026-02-01', '2026-02-28')).toBe('February 2026');
  });

  it('leaves NPS out when neither period has an NPS answer, and shows a dash for what is missing', () => {
    const lines = figureLines({ ...none, responses: { current: 2, previous: 0 } });
    expect(lines.map((line) => line.label)).toEqual([
      'Completed responses',
      'Response rate',
      'Composite score',
    ]);
    expect(lines[0]).toEqual({ label: 'Completed responses', current: '2', previous: '0', change: '+2' });
    expect(lines[1]).toEqual({ label: 'Response rate', current: '—', previous: '—', change: '—' });
  });

  it("shows the dashboard's margins and marks a significant change (decision 035)", () => {
    const figure = (value: number, count: number, marginOfError: number | null) => ({
      value,
      count,
      marginOfError,
      indicative: count < 30,
    });
    const lines = figureLines({
      ...none,
      nps: {
        current: figure(42.4, 40, 6.2),
        previous: figure(10, 1, null),
        change: { difference: 32.4, test: 'welch', pValue: 0.01, significant: true },
      },
    });
    expect(lines.find((line) => line.label === 'NPS')).toEqual({
      label: 'NPS',
      current: '+42 ± 6',
      previous: '+10',
      change: '+32 (significant)',
    });
  });

  it('escapes what people typed and names the dashboard when there is no template', () => {
    const email = renderDigestEmail({
      workspaceName: 'Tom & Jerry <Ltd>',
      templateName: null,
      frequency: 'monthly',
      periodStart: '2026-02-01',
      periodEnd: '2026-02-28',
      figures: none,
      chart: { cid: 'chart@test', alt: 'A "chart"' },
      comments: ['<script>alert(1)</script>'],
      link: 'http://graphium.test/dashboard?from=2026-02-01&to=2026-02-28',
      unsubscribeUrl: 'http://graphium.test/digest-unsubscribe/x.y',
    });
    expect(email.subject).toBe('Monthly digest: Dashboard, February 2026');
    expect(email.html).toContain('Tom &amp; Jerry &lt;Ltd&gt;');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('alt="A &quot;chart&quot;"');
    expect(email.html).toContain('href="http://graphium.test/dashboard?from=2026-02-01&amp;to=2026-02-28"');
    expect(email.text).toContain(
      'Open the dashboard: http://graphium.test/dashboard?from=2026-02-01&to=2026-02-28',
    );
    expect(email.text).toContain(
      'Unsubscribe from these e-mails: http://graphium.test/digest-unsubscribe/x.y',
    );
  });
});

describe('the digest chart', () => {
  const days = ['2026-03-02', '2026-03-03', '2026-03-04'].map((day, index) => ({
    day,
    count: [2, 0, 7][index]!,
  }));

  it('draws a bar per day with the axes labelled', () => {
    const svg = digestChartSvg(days, 'Completed responses per day');
    expect(svg.match(/<rect x=/g)).toHaveLength(2); // the days with responses
    expect(svg).toContain('>Mon 2</text>');
    expect(svg).toContain('>Wed 4</text>');
    expect(svg).toContain('>Responses</text>');
    expect(svg).toContain('>8</text>'); // the y axis's top: 7 rounded up to a step of 2
  });

  it('tells the busiest day in words', () => {
    expect(digestChartAlt(days)).toBe(
      'Completed responses per day from 2 March 2026 to 4 March 2026: 9 in total, most on 4 March 2026 (7).',
    );
    expect(digestChartAlt(days.map((day) => ({ ...day, count: 0 })))).toBe(
      'Completed responses per day from 2 March 2026 to 4 March 2026: none.',
    );
  });
});
