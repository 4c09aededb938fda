import { type EmailAnswer, emailAnswerParameter, readEmailAnswer } from '@graphium/shared/answer-rules';

// The answer a survey e-mail's link carries (decision 026): `?answer={questionId}:{value}`.

export function readEmailAnswerOf(search: string): EmailAnswer | undefined {
  return readEmailAnswer(new URLSearchParams(search).get(emailAnswerParameter));
}

/** Once the answer is confirmed, a reload or a bookmark opens the survey, not the confirmation. */
export function forgetEmailAnswerLink(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(emailAnswerParameter)) return;
  url.searchParams.delete(emailAnswerParameter);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
