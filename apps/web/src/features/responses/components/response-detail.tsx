import {
  hasSurveyLogic,
  languageNames,
  type SurveyResponseDetail,
  surveyPath,
  type TextSentiment,
  textSentimentLabels,
} from '@graphium/shared';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadingText, StatusMessage } from '@/components/ui/status-message';
import { useFormatPhone } from '@/features/notifications/api/get-notification-settings';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { formatOptionalDateTime, formatPercent } from '@/lib/format';
import { useSurveyResponse } from '../api/get-survey-response';
import { useSurveyTextSentiments } from '../api/get-survey-text-sentiments';
import { answerText, questionTypeLabels } from './answer-text';
import { DeleteResponseButton } from './delete-response-button';
import { BenchmarkValue } from './question-scores-table';
import { ScoreCircle } from './score-circle';
import { SurveyStateBadge, surveyStateDisplay } from './survey-state-badge';
import { UndeliveredMessages } from './undelivered';

type ResponseDetailProps = {
  surveyId: string;
  /** Responses of another template answer as not found here. */
  templateId: string;
  /** The list tab, as it was when the response was opened. */
  backTo: string;
  /** Shown above the response: what other features link to it (its follow-up case). */
  related?: ReactNode;
  /** Buttons other features add for the response (erase its respondent). */
  actions?: ReactNode;
};

function BackLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Responses
    </Link>
  );
}

function InfoItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-gray-600">{term}</dt>
      <dd className="mt-1 text-sm text-gray-900">{children}</dd>
    </div>
  );
}

function listOrNone(items: string[], none: string): ReactNode {
  if (items.length === 0) return <span className="text-gray-600">{none}</span>;
  return (
    <ul>
      {items.map((item) => (
        <li key={item} className="break-all">
          {item}
        </li>
      ))}
    </ul>
  );
}

function RespondentInfo({ survey }: { survey: SurveyResponseDetail }) {
  const formatPhone = useFormatPhone();
  const emails = survey.surveyContactMethods.flatMap((method) =>
    method.contactMethodType === 'email' ? [method.emailAddress] : [],
  );
  const phones = survey.surveyContactMethods.flatMap((method) =>
    method.contactMethodType === 'phone' ? [formatPhone(method.phoneNumber)] : [],
  );
  const isComplete = surveyStateDisplay(survey.surveyState).label === 'Completed';
  return (
    <section
      aria-labelledby="respondent-heading"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id="respondent-heading" className="text-base font-semibold text-gray-900">
        Respondent
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <InfoItem term="Emails">{listOrNone(emails, 'None')}</InfoItem>
        <InfoItem term="Phone Numbers">{listOrNone(phones, 'None')}</InfoItem>
        <InfoItem term="Date Sent">{formatOptionalDateTime(survey.sentAt)}</InfoItem>
        {isComplete ? (
          <InfoItem term="Date Completed">
            {formatOptionalDateTime(survey.completedAt ?? survey.updatedAt)}
          </InfoItem>
        ) : (
          <InfoItem term="Last Viewed">
            {formatOptionalDateTime(survey.lastOpenedAt) ?? 'Not opened'}
          </InfoItem>
        )}
        <InfoItem term="Status">
          <SurveyStateBadge state={survey.surveyState} />
        </InfoItem>
        <InfoItem term="Language">
          {survey.language ? languageNames[survey.language] : 'Not recorded'}
        </InfoItem>
        {survey.surveyProperties.map((property) => (
          <InfoItem key={property.propertyId} term={property.label}>
            {property.displayValue}
          </InfoItem>
        ))}
      </dl>
    </section>
  );
}

function ScoreLine({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs font-medium tracking-wide text-gray-600 uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm text-gray-900">{children}</dd>
    </div>
  );
}

const sentimentTones: Record<TextSentiment, BadgeTone> = {
  positive: 'green',
  neutral: 'gray',
  negative: 'red',
  not_analysed: 'gray',
};

/** A text answer's sentiment (decision 030). */
function SentimentBadge({ sentiment }: { sentiment: TextSentiment | undefined }) {
  if (!sentiment) return null;
  return <Badge tone={sentimentTones[sentiment]}>Sentiment: {textSentimentLabels[sentiment]}</Badge>;
}

function QuestionsAndResponses({ survey }: { survey: SurveyResponseDetail }) {
  const { surveyTemplateDefinition: definition, hasBaseTemplate } = survey.surveyTemplate;
  const scores = new Map(survey.scoring.questionScores.map((score) => [score.questionId, score]));
  // A question the respondent's path did not show is not a missing answer (decision 023).
  const shown = hasSurveyLogic(definition.questions)
    ? new Set(surveyPath(definition.questions, survey.surveyResponses).map((question) => question.id))
    : undefined;
  const labels: Record<string, string> = Object.fromEntries(
    survey.lists.flatMap((list) => list.listItems.map((item) => [item.listItemId, item.label])),
  );
  const sentiments = useSurveyTextSentiments(survey.surveyId, survey.surveyState === 'COMPLETE');
  const sentimentOf = new Map(
    (sentiments.data?.sentiments ?? []).map((item) => [item.questionId, item.sentiment]),
  );
  return (
    <section aria-labelledby="questions-heading">
      <h2 id="questions-heading" className="mb-3 text-base font-semibold text-gray-900">
        Questions & Responses
      </h2>
      {definition.questions.length === 0 ? (
        <p className="text-sm text-gray-600">This survey has no questions.</p>
      ) : (
        <ol className="space-y-3">
          {definition.questions.map((question, index) => {
            const answer = answerText(question, survey.surveyResponses[question.id], labels);
            const score = scores.get(question.id);
            return (
              <li key={question.id} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-semibold text-gray-600">Q{index + 1}</span>
                  <Badge tone="indigo">{questionTypeLabels[question.type]}</Badge>
                  {question.validation.required && <span className="text-sm text-red-700">*Required</span>}
                  <SentimentBadge sentiment={sentimentOf.get(question.id)} />
                </div>
                <h3 className="mt-2 font-medium text-gray-900">{question.question}</h3>
                <p className="mt-2 text-sm whitespace-pre-wrap text-gray-800">
                  {answer ??
                    (shown && !shown.has(question.id) ? (
                      <span className="text-gray-600 italic">
                        Not shown to this respondent (survey logic)
                      </span>
                    ) : (
                      <span className="text-gray-600 italic">No response</span>
                    ))}
                </p>
                {score && (
                  <dl className="mt-4 grid gap-3 border-t border-gray-100 pt-3 sm:grid-cols-3">
                    <ScoreLine term="Response Score">
                      {score.percentage === null ? 'No score' : formatPercent(score.percentage)}
                    </ScoreLine>
                    <ScoreLine term="Survey Average">
                      {score.templateComparativeBenchmark
                        ? formatPercent(score.templateComparativeBenchmark.percentage)
                        : 'No data yet'}
                    </ScoreLine>
                    {hasBaseTemplate && (
                      <ScoreLine term="Overall Benchmark">
                        <BenchmarkValue value={score.percentage} benchmark={score.comparativeBenchmark} />
                      </ScoreLine>
                    )}
                  </dl>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/**
 * docs/product-rules.md#the-respondent-page: one response: respondent, composite score and every question
 * with its answer.
 */
export function ResponseDetail({ surveyId, templateId, backTo, related, actions }: ResponseDetailProps) {
  const query = useSurveyResponse(surveyId);
  const status = getErrorStatus(query.error);
  const isNotFound =
    !surveyId ||
    status === 404 ||
    status === 400 ||
    (query.data !== undefined && templateId !== '' && query.data.surveyTemplateId !== templateId);

  let body: ReactNode;
  if (isNotFound) {
    body = <StatusMessage tone="error" title="Survey response not found." />;
  } else if (query.isPending) {
    body = <LoadingText>Loading survey response...</LoadingText>;
  } else if (!query.data) {
    body = (
      <StatusMessage
        tone="error"
        title={`Error loading survey response: ${getErrorMessage(query.error, 'Unknown error')}`}
      >
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </StatusMessage>
    );
  } else {
    const survey = query.data;
    body = (
      <div className="space-y-6">
        <div className="flex flex-wrap justify-end gap-2">
          {actions}
          <DeleteResponseButton surveyId={survey.surveyId} backTo={backTo} />
        </div>
        {related}
        <UndeliveredMessages surveyId={survey.surveyId} messages={survey.undelivered} />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <RespondentInfo survey={survey} />
          </div>
          <section
            aria-labelledby="composite-heading"
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
          >
            <h2 id="composite-heading" className="mb-4 text-base font-semibold text-gray-900">
              Composite Score
            </h2>
            <ScoreCircle
              percentage={survey.scoring.overallPercentage}
              scoredCount={survey.scoring.scoredQuestionCount}
            />
          </section>
        </div>
        <QuestionsAndResponses survey={survey} />
      </div>
    );
  }

  return (
    <div>
      <BackLink to={backTo} />
      {body}
    </div>
  );
}
