import { describe, expect, it } from 'vitest';
import { emailScaleCaption } from './email-scale.js';
import { renderSurveyEmail } from './messages.js';

const nps = {
  question: 'Would you <recommend> us & why?',
  isStars: false,
  startLabel: 'Not likely',
  endLabel: '',
  links: Array.from({ length: 11 }, (_, value) => ({
    value,
    url: `https://survey.example/survey/s-1?answer=q-1:${value}&x="y"`,
  })),
};

function render(firstQuestion?: typeof nps) {
  return renderSurveyEmail({
    workspaceName: 'Acme',
    templateName: 'After your visit',
    openingText: 'Hello',
    link: 'https://survey.example/survey/s-1',
    expiresAt: '1/2/2027, 10:00 AM',
    firstQuestion,
  });
}

describe('the first question in a survey e-mail', () => {
  it('renders one link per number, escaped, with its number as its text, before the plain button', () => {
    const { html, text } = render(nps);
    for (let value = 0; value <= 10; value += 1) {
      expect(html).toContain(
        `href="https://survey.example/survey/s-1?answer=q-1:${value}&amp;x=&quot;y&quot;" style=`,
      );
      expect(html).toMatch(new RegExp(`">${value}</a></td>`));
      expect(text).toContain(
        `${value}${value === 0 ? ' (Not likely)' : ''}: https://survey.example/survey/s-1?answer=q-1:${value}&x="y"`,
      );
    }
    expect(html).toContain('Would you &lt;recommend&gt; us &amp; why?');
    expect(html.indexOf('answer=q-1:10')).toBeLessThan(html.indexOf('>Start Survey</a>'));
    expect(text.indexOf('answer=q-1:10')).toBeLessThan(text.indexOf('Start Survey:'));
  });

  it('says what the numbers mean, with whichever ends are labelled', () => {
    expect(emailScaleCaption(nps)).toBe(
      'Choose a number from 0 to 10: 0 stands for “Not likely”. The page that opens asks you to confirm your answer.',
    );
    const stars = {
      ...nps,
      isStars: true,
      startLabel: 'Poor',
      endLabel: 'Great',
      links: nps.links.slice(1, 6),
    };
    expect(emailScaleCaption(stars)).toBe(
      'Choose from 1 star to 5 stars: 1 star stands for “Poor” and 5 stars for “Great”. The page that opens asks you to confirm your answer.',
    );
    expect(emailScaleCaption({ ...nps, startLabel: '' })).toBe(
      'Choose a number from 0 to 10. The page that opens asks you to confirm your answer.',
    );
  });

  it('leaves an e-mail without one as it was', () => {
    const { html, text } = render();
    expect(html).not.toContain('answer=');
    expect(text).toBe(
      'After your visit\n\nHello\n\nStart Survey: https://survey.example/survey/s-1\n\nAcme sent you this survey. It is open until 1/2/2027, 10:00 AM.\n\n— Acme',
    );
  });
});
