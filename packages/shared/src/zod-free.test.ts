import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The subpaths the respondent page bundles must not load zod, directly or through another file:
// zod alone would take most of the page's size budget (bench/respondent-size.mjs).
const zodFree = [
  'answer-rules.ts',
  'answer-conditions.ts',
  'email-answer.ts',
  'question-answer-rules.ts',
  'survey-logic.ts',
  'values.ts',
  'http.ts',
  'public-link-page.ts',
  'translations.ts',
];

function valueImports(file: string): string[] {
  const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
  return [...source.matchAll(/^(?:import|export)\s+(?!type\s)[^'";]*?from\s+'([^']+)'/gm)].map(
    (match) => match[1]!,
  );
}

describe('the zod-free subpaths', () => {
  it.each(zodFree)('%s loads at run time only other zod-free files', (file) => {
    const outside = valueImports(file).filter(
      (specifier) => !zodFree.includes(`${specifier.replace(/^\.\/|\.js$/g, '')}.ts`),
    );
    expect(outside).toEqual([]);
  });
});
