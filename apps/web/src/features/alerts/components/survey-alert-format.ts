import {
  type AlertConditionOperator,
  consentGivenText,
  isMatrixAnswer,
  type MatchedCondition,
  propertyConditionPhrase,
  type ResponseFilterOperator,
  type SurveyAnswer,
} from '@graphium/shared';
import type { BadgeTone } from '@/components/ui/badge';

/** docs/product-rules.md#alerts: e-mail green, Slack blue, any other channel gray. */
export function channelTone(channel: string): BadgeTone {
  if (channel === 'email') return 'green';
  if (channel === 'slack') return 'blue';
  return 'gray';
}

const channelLabels: Record<string, string> = { email: 'Email', slack: 'Slack' };

export function channelLabel(channel: string): string {
  return channelLabels[channel] ?? channel.charAt(0).toUpperCase() + channel.slice(1);
}

const operatorPhrases: Record<AlertConditionOperator, string> = {
  GREATER_THAN: 'greater than',
  LESS_THAN: 'less than',
  IS_EQUAL: 'equal to',
  IS_NOT_EQUAL: 'not equal to',
  IS_EMPTY: 'empty',
  IS_NOT_EMPTY: 'not empty',
  SENTIMENT_IS: 'sentiment',
};

/**
 * The condition that held, as the card explains it: "less than 7", "empty"; a survey property's
 * (decision 035) as the alerts list says it: "equals Pro".
 */
export function conditionPhrase(condition: Pick<MatchedCondition, 'kind' | 'operator' | 'value'>): string {
  const { operator, value } = condition;
  if (condition.kind === 'property')
    return propertyConditionPhrase(undefined, operator as ResponseFilterOperator, value);
  const phrase = operatorPhrases[operator as AlertConditionOperator];
  return operator === 'IS_EMPTY' || operator === 'IS_NOT_EMPTY' ? phrase : `${phrase} ${value}`;
}

export function formatAnswer(answer: SurveyAnswer | null): string {
  if (answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0)) return 'No answer';
  // Decision 027: a consent's tick, and a matrix by the mean its conditions compare.
  if (typeof answer === 'boolean') return answer ? consentGivenText : 'No answer';
  if (isMatrixAnswer(answer)) {
    const values = Object.values(answer);
    if (values.length === 0) return 'No answer';
    const mean = values.reduce((total, value) => total + value, 0) / values.length;
    return `mean ${Math.round(mean * 100) / 100}`;
  }
  return Array.isArray(answer) ? answer.join(', ') : String(answer);
}
