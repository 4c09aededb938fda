import { describe, expect, it } from 'vitest';
import {
  analyseTextAnswer,
  analysisLanguage,
  extractTerms,
  scoreSentiment,
} from './text-analysis.service.js';

describe('text analysis', () => {
  it('scores known English sentences positive, negative and neutral', () => {
    expect(scoreSentiment('Great support, very helpful and fast!', 'en')).toEqual({
      sentiment: 'positive',
      score: 7,
    });
    expect(scoreSentiment('The delivery was slow and the staff were rude.', 'en').sentiment).toBe('negative');
    expect(scoreSentiment('I ordered a blue chair on Tuesday.', 'en')).toEqual({
      sentiment: 'neutral',
      score: 0,
    });
  });

  it('turns a negated positive word negative', () => {
    expect(scoreSentiment('It was not good.', 'en')).toEqual({ sentiment: 'negative', score: -3 });
  });

  it('leaves languages it cannot score not analysed, and still finds their keywords', () => {
    expect(analyseTextAnswer('El servicio fue excelente y muy rápido', 'es')).toEqual({
      sentiment: 'not_analysed',
      score: 0,
      keywords: ['servicio', 'fue', 'excelente', 'rápido'],
      phrases: ['servicio fue', 'fue excelente'],
    });
  });

  it('finds keywords without stop words, and phrases of neighbouring keywords within a sentence', () => {
    expect(extractTerms('The delivery was SLOW. Slow delivery, friendly staff; 42 boxes', 'en')).toEqual({
      keywords: ['delivery', 'slow', 'friendly', 'staff', 'boxes'],
      phrases: ['slow delivery', 'friendly staff'],
    });
  });

  it('counts each term once per answer', () => {
    expect(extractTerms('great great great service', 'en')).toEqual({
      keywords: ['great', 'service'],
      phrases: ['great service'],
    });
  });

  it('analyses in the respondent language, else the template default, else English', () => {
    expect(analysisLanguage('fr', 'de')).toBe('fr');
    expect(analysisLanguage(null, 'de')).toBe('de');
    expect(analysisLanguage(null, undefined)).toBe('en');
  });
});
