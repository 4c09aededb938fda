import type { RespondentSurvey } from '@graphium/shared';
import { useMemo } from 'react';
import { previewSource } from './preview-source';
import { RespondentApp } from './respondent-app';

export const previewBannerText = 'Preview: answers are not recorded.';

/**
 * A template version's respondent page for its authors (decision 022): the respondent's own
 * components on a survey source held in memory, under a banner that stays in view. The staff app
 * loads this on its own, so the respondent page's bundle does not carry it.
 */
export function PreviewPage({ survey }: { survey: RespondentSurvey }) {
  const source = useMemo(() => previewSource(survey), [survey]);
  return (
    <div className="wrap-anywhere">
      <section
        aria-label="Preview"
        className="sticky top-0 z-10 border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950"
      >
        <p>{previewBannerText}</p>
      </section>
      <RespondentApp surveyId={survey.surveyId} source={source} />
    </div>
  );
}
