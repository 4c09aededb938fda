import { Download } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { exportResponsesUrl } from '../api/export-responses';
import type { SurveyResponsesParams } from '../api/query-keys';

type ExportButtonsProps = { params: Omit<SurveyResponsesParams, 'page' | 'limit' | 'include'> };

/** Export CSV / Export XLSX of the responses matching the current filters (decision 007). */
export function ExportButtons({ params }: ExportButtonsProps) {
  return (
    <>
      <a
        href={exportResponsesUrl(params, 'csv')}
        download
        className={buttonClasses({ variant: 'secondary', size: 'md' })}
      >
        <Download className="size-4" aria-hidden="true" />
        Export CSV
      </a>
      <a
        href={exportResponsesUrl(params, 'xlsx')}
        download
        className={buttonClasses({ variant: 'secondary', size: 'md' })}
      >
        <Download className="size-4" aria-hidden="true" />
        Export XLSX
      </a>
    </>
  );
}
