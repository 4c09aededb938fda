import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { apiError } from '@/test/api-mock';
import { renderApp } from '@/test/render';
import { expectBlockedWithReason } from '@/test/role-gate';
import { setupUser } from '@/test/user';
import {
  buildDetail,
  definition,
  failedMessage,
  mockResponsesServer,
  npsId,
  surveyId,
  versionId,
} from './responses-fixtures';

const detailUrl = `/survey-templates/${versionId}/responses/${surveyId}`;

function questionCard(text: string) {
  return within(screen.getByRole('heading', { name: text, level: 3 }).closest('li')!);
}

function info(term: string) {
  const dt = screen.getAllByRole('term').find((item) => item.textContent === term);
  return dt?.nextElementSibling?.textContent;
}

describe('Response detail', () => {
  it('shows the respondent, the composite score and every question with its answer and scores', async () => {
    mockResponsesServer({ detail: buildDetail({ language: 'es' }) });
    renderApp(detailUrl);
    expect(await screen.findByRole('heading', { name: 'Respondent' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Responses' })).toHaveAttribute(
      'href',
      `/survey-templates/${versionId}/responses?tab=survey-responses`,
    );
    expect(info('Emails')).toBe('ada@example.com');
    expect(info('Phone Numbers')).toBe('(555) 123-4567');
    expect(info('Date Sent')).toBe(formatDateTime('2025-03-04T15:06:00.000Z'));
    expect(info('Date Completed')).toBe(formatDateTime('2025-03-05T21:40:00.000Z'));
    expect(info('Last Viewed')).toBeUndefined();
    expect(info('Status')).toBe('Completed');
    expect(info('Language')).toBe('Spanish');
    expect(info('First Name')).toBe('Ada');

    const composite = within(screen.getByRole('heading', { name: 'Composite Score' }).closest('section')!);
    expect(composite.getByText('73%')).toBeInTheDocument();
    expect(composite.getByText('Good')).toHaveClass('text-amber-700');
    expect(composite.getByText('Based on responses to 2 scored questions')).toBeInTheDocument();

    const nps = questionCard('How likely are you to recommend us?');
    expect(nps.getByText('NPS')).toBeInTheDocument();
    expect(nps.getByText('*Required')).toBeInTheDocument();
    expect(nps.getByText('9 out of 10')).toBeInTheDocument();
    expect(nps.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Response Score',
      'Survey Average',
    ]);
    expect(nps.getAllByRole('definition').map((value) => value.textContent)).toEqual(['90%', '83%']);

    const bought = questionCard('What did you buy?');
    expect(bought.getByText('Multiple Choice')).toBeInTheDocument();
    expect(bought.queryByText('*Required')).not.toBeInTheDocument();
    expect(bought.getByText('Tyres, Other: Brakes')).toBeInTheDocument();
    expect(bought.queryByText('Response Score')).not.toBeInTheDocument();
    expect(questionCard('Which store?').getByText('North')).toBeInTheDocument();
    expect(questionCard('Who served you?').getByText('No response')).toBeInTheDocument();
  });

  it('says a question the survey logic did not show was not shown, not unanswered (decision 023)', async () => {
    const detail = buildDetail();
    detail.surveyTemplate.surveyTemplateDefinition = {
      ...definition,
      questions: definition.questions.map((question) =>
        question.label === 'Served by'
          ? {
              ...question,
              logic: {
                showIf: { join: 'and', conditions: [{ questionId: npsId, operator: 'LESS_THAN', value: 7 }] },
              },
            }
          : question,
      ),
    };
    mockResponsesServer({ detail });
    renderApp(detailUrl);
    await screen.findByRole('heading', { name: 'Who served you?' });
    expect(
      questionCard('Who served you?').getByText('Not shown to this respondent (survey logic)'),
    ).toBeInTheDocument();
    expect(questionCard('How was the service?').queryByText(/Not shown/)).not.toBeInTheDocument();
  });

  it('adds the Overall Benchmark when the template has a base version', async () => {
    mockResponsesServer({ detail: buildDetail({ hasBaseTemplate: true, state: 'OPENED' }) });
    renderApp(detailUrl);
    await screen.findByRole('heading', { name: 'How likely are you to recommend us?' });
    const nps = questionCard('How likely are you to recommend us?');
    expect(nps.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Response Score',
      'Survey Average',
      'Overall Benchmark',
    ]);
    expect(nps.getAllByRole('definition')[2]?.textContent).toBe('80%Above the benchmark by10.0 pts');
    expect(questionCard('How was the service?').getAllByRole('definition')[2]?.textContent).toBe(
      'Not enough data yet',
    );
    expect(info('Last Viewed')).toBe(formatDateTime('2025-03-05T09:30:00.000Z'));
    expect(info('Status')).toBe('In Progress');
  });

  it('shows a message that was not delivered, with its reason, and sends it again', async () => {
    let undelivered = [failedMessage()];
    mockResponsesServer({ detail: () => buildDetail({ undelivered }) });
    const post = vi.spyOn(apiClient, 'post').mockImplementation((async () => {
      undelivered = [];
      return { data: { delivery: [{ ...failedMessage(), status: 'queued', lastError: null }] }, status: 200 };
    }) as never);
    const user = setupUser();
    renderApp(detailUrl);
    const notice = within(
      (await screen.findByRole('heading', { name: 'Not delivered' })).closest('section')!,
    );
    expect(notice.getByText('Email to ada@example.com')).toBeVisible();
    expect(
      notice.getByText('Not delivered: The mail server refused the message: 550 No such user'),
    ).toBeVisible();
    await user.click(notice.getByRole('button', { name: 'Send again: Email to ada@example.com' }));
    expect(post).toHaveBeenCalledWith(`/surveys/${surveyId}/delivery/${failedMessage().outboxId}/retry`);
    // The response is read again and no longer lists the message.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Not delivered' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Respondent' })).toBeVisible();
  });

  it('shows a viewer Send again blocked with the reason', async () => {
    mockResponsesServer({ detail: () => buildDetail({ undelivered: [failedMessage()] }), role: 'viewer' });
    const post = vi.spyOn(apiClient, 'post');
    renderApp(detailUrl);
    const notice = within(
      (await screen.findByRole('heading', { name: 'Not delivered' })).closest('section')!,
    );
    const sendAgain = notice.getByRole('button', { name: 'Send again: Email to ada@example.com' });
    expectBlockedWithReason(
      sendAgain,
      "Viewers can't send messages again. Ask an admin for the editor role.",
    );
    await setupUser().click(sendAgain);
    expect(post).not.toHaveBeenCalled();
  });

  it('says Survey response not found. for an unknown or foreign survey', async () => {
    mockResponsesServer({
      detail: () => {
        throw apiError(404, { error: 'NOT_FOUND', message: 'Survey not found' });
      },
    });
    renderApp(detailUrl);
    expect(await screen.findByText('Survey response not found.')).toBeInTheDocument();
  });

  it('says Survey response not found. for a response of another template', async () => {
    mockResponsesServer({
      detail: { ...buildDetail(), surveyTemplateId: 'a1b2c3d4-0000-4000-8000-000000000999' },
    });
    renderApp(detailUrl);
    expect(await screen.findByText('Survey response not found.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Respondent' })).not.toBeInTheDocument();
  });

  it('shows the load error with its message', async () => {
    mockResponsesServer({
      detail: () => {
        throw apiError(403, { error: 'FORBIDDEN', message: 'Only members can read responses.' });
      },
    });
    renderApp(detailUrl);
    expect(
      await screen.findByText('Error loading survey response: Only members can read responses.'),
    ).toBeInTheDocument();
  });
});

describe('Deleting a response and erasing its respondent', () => {
  it('lets an editor delete the response and returns to the list', async () => {
    mockResponsesServer({
      role: 'editor',
      list: () => ({ surveys: [], pagination: { page: 1, limit: 25, total: 0, totalPages: 0 } }) as never,
    });
    const remove = vi.spyOn(apiClient, 'delete').mockResolvedValue({ data: undefined, status: 204 } as never);
    const user = setupUser();
    renderApp(detailUrl);
    await user.click(await screen.findByRole('button', { name: 'Delete response' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete response' }));
    expect(dialog.getByText(/cannot be undone/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Delete response' }));
    expect(remove).toHaveBeenCalledWith(`/surveys/${surveyId}`);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Respondent' })).not.toBeInTheDocument(),
    );
  });

  it('shows a viewer Delete response and an editor Erase respondent blocked with the reason', async () => {
    mockResponsesServer({ role: 'viewer' });
    renderApp(detailUrl);
    expectBlockedWithReason(
      await screen.findByRole('button', { name: 'Delete response' }),
      "Viewers can't delete responses. Ask an admin for the editor role.",
    );
    expectBlockedWithReason(
      screen.getByRole('button', { name: 'Erase respondent' }),
      'Only admins can erase respondents. Ask an admin if you need this.',
    );
  });

  it('lets an admin erase the respondent from the response page', async () => {
    mockResponsesServer({ role: 'admin' });
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({
      data: {
        eraseAnswers: false,
        surveysErased: 1,
        surveysRemoved: 0,
        contactsErased: 1,
        messagesErased: 2,
        suppressionsKept: 0,
      },
      status: 200,
    } as never);
    const user = setupUser();
    renderApp(detailUrl);
    await user.click(await screen.findByRole('button', { name: 'Erase respondent' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Erase respondent' }));
    await user.type(dialog.getByLabelText('Type ERASE to confirm'), 'ERASE');
    await user.click(dialog.getByRole('button', { name: 'Erase respondent' }));
    expect(post).toHaveBeenCalledWith('/privacy/erasures', { surveyId, eraseAnswers: false });
    expect(
      await screen.findByText('Respondent erased: 1 survey, 1 contact, 2 messages.'),
    ).toBeInTheDocument();
  });
});
