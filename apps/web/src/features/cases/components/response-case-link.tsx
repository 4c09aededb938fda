import { casePath } from '@graphium/shared';
import { Link } from 'react-router';
import { useCases } from '../api/get-cases';
import { CaseStatusBadge } from './case-badges';

/** On a response's detail: the case its alert opened, if any (decision 019). */
export function ResponseCaseLink({ surveyId }: { surveyId: string }) {
  const cases = useCases({ surveyId, limit: 10 });
  const found = cases.data?.cases ?? [];
  if (found.length === 0) return null;
  return (
    <section aria-label="Follow-up cases" className="mb-6 rounded-lg bg-indigo-50 p-4 text-sm">
      <ul className="space-y-1">
        {found.map((item) => (
          <li key={item.caseId} className="flex flex-wrap items-center gap-2">
            <Link to={casePath(item.caseId)} className="font-medium text-indigo-800 hover:underline">
              Case: {item.alertName}
            </Link>
            <CaseStatusBadge status={item.status} />
            <span className="text-gray-700">
              {item.assignee ? `Assigned to ${item.assignee.name}` : 'Nobody assigned'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
