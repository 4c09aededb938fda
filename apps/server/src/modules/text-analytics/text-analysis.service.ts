import type { TextSentiment } from '@graphium/shared';
import Sentiment from 'sentiment';
import { deu, eng, fra, por, spa } from 'stopword';

// The analysis of one text answer (docs/decisions/030-text-analytics.md): pure and synchronous, so
// the completion, the backfill and the alerts judged at completion all give the same result.
// Sentiment: AFINN-165 through the `sentiment` package, which scores English (with its negation
// rule: "not good" counts against); other languages are "not analysed" rather than scored with
// machine-translated word lists. Keywords and phrases: the answer's words without the stop words
// of its language (the `stopword` package), and pairs of such words next to each other within a
// sentence.

const scorer = new Sentiment();

/** The languages whose answers get a sentiment. */
const scoredLanguages: ReadonlySet<string> = new Set(['en']);

const stopWordsByLanguage: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(eng),
  es: new Set(spa),
  fr: new Set(fra),
  de: new Set(deu),
  pt: new Set(por),
};

/** Words that carry no topic in survey comments, beside each language's stop words. */
const extraEnglishStopWords = ['also', 'really', 'would', 'could', 'get', 'got', 'one', 'much', 'lot', 'us'];
const englishStopWords = new Set([...eng, ...extraEnglishStopWords]);

/** Caps per answer: a very long answer counts its first distinct terms only. */
const maxKeywordsPerAnswer = 40;
const maxPhrasesPerAnswer = 40;
const maxWordLength = 40;

export interface TextAnswerAnalysis {
  sentiment: TextSentiment;
  /** The sentiment package's score: the sum of the AFINN values found (0 when not analysed). */
  score: number;
  /** Distinct keywords, in order of first appearance. */
  keywords: string[];
  /** Distinct two-word phrases ("slow delivery"), in order of first appearance. */
  phrases: string[];
}

/** The language an answer is analysed in: the respondent's, else the template's default, else English. */
export function analysisLanguage(
  surveyLanguage: string | null | undefined,
  defaultLanguage: string | null | undefined,
): string {
  return surveyLanguage || defaultLanguage || 'en';
}

function isSentimentLanguage(language: string): boolean {
  return scoredLanguages.has(language);
}

const sentenceBreak = /[.!?;:,()\n\r\u2026]+/u;
const wordPattern = /[\p{L}\p{N}]+(?:['\u2019][\p{L}]+)*/gu;

function stopWordsOf(language: string): ReadonlySet<string> {
  return language === 'en' ? englishStopWords : (stopWordsByLanguage[language] ?? englishStopWords);
}

function isKeyword(word: string, stopWords: ReadonlySet<string>): boolean {
  if (word.length < 2 || word.length > maxWordLength) return false;
  if (/^\p{N}+$/u.test(word)) return false;
  return !stopWords.has(word) && !stopWords.has(word.replace(/\u2019/gu, "'"));
}

/** The keywords and two-word phrases of a text. */
export function extractTerms(text: string, language: string): { keywords: string[]; phrases: string[] } {
  const stopWords = stopWordsOf(language);
  const keywords = new Set<string>();
  const phrases = new Set<string>();
  for (const sentence of text.normalize('NFC').toLowerCase().split(sentenceBreak)) {
    let previous: string | undefined;
    for (const [word] of sentence.matchAll(wordPattern)) {
      if (!isKeyword(word, stopWords)) {
        previous = undefined;
        continue;
      }
      if (keywords.size < maxKeywordsPerAnswer) keywords.add(word);
      if (previous !== undefined && previous !== word && phrases.size < maxPhrasesPerAnswer)
        phrases.add(`${previous} ${word}`);
      previous = word;
    }
  }
  return { keywords: [...keywords], phrases: [...phrases] };
}

/** The sentiment of a text: positive above 0, negative below, neutral at 0; `not_analysed` otherwise. */
export function scoreSentiment(text: string, language: string): { sentiment: TextSentiment; score: number } {
  if (!isSentimentLanguage(language)) return { sentiment: 'not_analysed', score: 0 };
  const { score } = scorer.analyze(text, { language });
  return { sentiment: score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral', score };
}

/** One answer's sentiment, keywords and phrases. */
export function analyseTextAnswer(text: string, language: string): TextAnswerAnalysis {
  return { ...scoreSentiment(text, language), ...extractTerms(text, language) };
}
