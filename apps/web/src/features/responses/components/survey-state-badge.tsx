import { Badge, type BadgeTone } from '@/components/ui/badge';

type StateDisplay = { label: 'Completed' | 'In Progress' | 'Pending'; tone: BadgeTone };

/**
 * docs/product-rules.md#responses-list-filters-paging-export: complete/completed shows Completed (green);
 * in_progress, in-progress and opened show
 * In Progress (yellow); sent, pending, delivered and anything else show Pending (gray).
 */
export function surveyStateDisplay(state: string | null | undefined): StateDisplay {
  const normalised = (state ?? '').trim().toLowerCase();
  if (normalised === 'complete' || normalised === 'completed') return { label: 'Completed', tone: 'green' };
  if (normalised === 'in_progress' || normalised === 'in-progress' || normalised === 'opened') {
    return { label: 'In Progress', tone: 'amber' };
  }
  return { label: 'Pending', tone: 'gray' };
}

export function SurveyStateBadge({ state }: { state: string | null | undefined }) {
  const { label, tone } = surveyStateDisplay(state);
  return <Badge tone={tone}>{label}</Badge>;
}
