import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>('./*/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const featureOf = (path: string) => path.split('/')[1] ?? '';
const features = new Set(Object.keys(sources).map(featureOf));

function importedFeatures(source: string): string[] {
  const specifiers = [...source.matchAll(/from\s+'([^']+)'/g)].map((match) => match[1] ?? '');
  return specifiers.flatMap((specifier) => {
    const aliased = /^@\/features\/([^/]+)/.exec(specifier)?.[1];
    const relative = /^(?:\.\.\/){2}([^./][^/]*)/.exec(specifier)?.[1];
    const imported = aliased ?? relative;
    return imported && features.has(imported) ? [imported] : [];
  });
}

describe('features', () => {
  it('never import another feature; routes compose them (ARCHITECTURE.md §2)', () => {
    const crossings = Object.entries(sources).flatMap(([path, source]) =>
      importedFeatures(source)
        .filter((imported) => imported !== featureOf(path))
        .map((imported) => `${path} imports ${imported}`),
    );
    expect(features.size).toBeGreaterThanOrEqual(3);
    expect(crossings).toEqual([]);
  });
});
