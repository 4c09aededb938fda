import type { Dashboard, Figure } from '@graphium/shared';

const figure = (value: number | null, count: number, marginOfError: number | null): Figure => ({
  value,
  count,
  marginOfError,
  indicative: count < 30,
});

const tyresId = '11111111-1111-4111-8111-111111111111';
export const washId = '22222222-2222-4222-8222-222222222222';

export function buildDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    figures: {
      period: { from: '2026-03-10', to: '2026-03-16' },
      previousPeriod: { from: '2026-03-03', to: '2026-03-09' },
      nps: {
        current: figure(42, 120, 8.4),
        previous: figure(30, 110, 9.1),
        change: { difference: 12, test: 'welch', pValue: 0.04, significant: true },
      },
      composite: {
        current: figure(71.5, 12, 6.2),
        previous: figure(70, 10, 7),
        change: { difference: 1.5, test: 'welch', pValue: 0.7, significant: false },
      },
      responses: { current: 120, previous: 110 },
      responseRate: {
        current: { value: 40, sent: 300, responded: 120 },
        previous: { value: 36.7, sent: 300, responded: 110 },
        change: { difference: 3.3, test: 'two-proportion', pValue: 0.4, significant: false },
      },
    },
    bucket: 'day',
    trend: [
      { start: '2026-03-10', responses: 20, nps: figure(40, 20, 20), composite: figure(70, 2, 5) },
      { start: '2026-03-11', responses: 0, nps: figure(null, 0, null), composite: figure(null, 0, null) },
    ],
    cases: { open: 4, overdue: 1 },
    movers: [
      {
        templateId: tyresId,
        name: 'Tyres',
        measure: 'nps',
        current: figure(50, 60, 10),
        previous: figure(20, 55, 11),
        change: { difference: 30, test: 'welch', pValue: 0.001, significant: true },
      },
    ],
    templates: [
      { templateId: tyresId, name: 'Tyres' },
      { templateId: washId, name: 'Wash' },
    ],
    timeZone: 'Europe/Paris',
    pendingTimeZone: null,
    ...overrides,
  };
}
