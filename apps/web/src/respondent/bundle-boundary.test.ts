import { describe, expect, it } from 'vitest';

// The respondent page is its own entry point (decision 005), with no staff code or libraries. Its
// sources may import React, types from '@graphium/shared' (erased), the shared package's zod-free
// subpaths, the message formatter (decision 025) and each other, nothing else.
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const allowedPackages = new Set([
  'react',
  'react-dom/client',
  '@graphium/shared/answer-rules',
  '@graphium/shared/survey-logic',
  '@graphium/shared/http',
  '@graphium/shared/public-link-page',
  '@graphium/shared/translations',
  'intl-messageformat',
]);

describe('the respondent bundle', () => {
  it('imports only React, its own files, types from @graphium/shared and its zod-free subpaths', () => {
    const offenders = Object.entries(sources).flatMap(([path, source]) =>
      [...source.matchAll(/^import\s+(type\s+)?[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm)].flatMap(
        (match) => {
          const isTypeOnly = Boolean(match[1]);
          const specifier = match[2] ?? match[3] ?? '';
          if (specifier.startsWith('./') || specifier.startsWith('../')) {
            return specifier.startsWith('../../') ? [`${path}: ${specifier}`] : [];
          }
          if (allowedPackages.has(specifier)) return [];
          if (specifier === '@graphium/shared' && isTypeOnly) return [];
          return [`${path}: ${specifier}`];
        },
      ),
    );
    expect(Object.keys(sources).length).toBeGreaterThanOrEqual(10);
    expect(offenders).toEqual([]);
  });
});
