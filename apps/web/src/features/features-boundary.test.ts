import { describe, expect, it } from 'vitest';

// Decision 009: a feature owns its queries; another feature uses them only through its `api/`
// folder, and two features never use each other.
const sources = import.meta.glob<string>('./*/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const featureOf = (path: string) => path.split('/')[1] ?? '';
const features = new Set(Object.keys(sources).map(featureOf));

/**
 * Every module a source names: static imports and re-exports, side-effect imports, `import()`,
 * and the modules a test mocks or reads for real (`vi.mock`, `vi.importActual`).
 */
function specifiersOf(source: string): string[] {
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bvi\.(?:mock|doMock|importActual|importMock)(?:<[^>]*>)?\(\s*['"]([^'"]+)['"]/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** A specifier as a path under `src/features/` (`lists/api/get-list`), or undefined outside it. */
function featurePathOf(importer: string, specifier: string): string | undefined {
  if (specifier.startsWith('@/features/')) return specifier.slice('@/features/'.length);
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const parts = importer.split('/').slice(1, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The features a file imports, with the folder inside each (`api`, `components`, …). */
function importedFeatures(importer: string, source: string): { feature: string; folder: string }[] {
  return specifiersOf(source).flatMap((specifier) => {
    const [feature = '', folder = ''] = featurePathOf(importer, specifier)?.split('/') ?? [];
    return features.has(feature) ? [{ feature, folder }] : [];
  });
}

const crossings = (path: string, source: string) =>
  importedFeatures(path, source).filter(({ feature }) => feature !== featureOf(path));

describe('features', () => {
  it("use another feature's data only through its api/ folder, never its components (decision 009)", () => {
    const offenders = Object.entries(sources).flatMap(([path, source]) =>
      crossings(path, source)
        .filter(({ folder }) => folder !== 'api')
        .map(({ feature, folder }) => `${path} imports ${feature}/${folder}`),
    );
    expect(features.size).toBeGreaterThanOrEqual(3);
    expect(offenders).toEqual([]);
  });

  it('import each other one way: no two features use each other', () => {
    const uses = new Set(
      Object.entries(sources).flatMap(([path, source]) =>
        crossings(path, source).map(({ feature }) => `${featureOf(path)} -> ${feature}`),
      ),
    );
    const mutual = [...uses].filter((use) => uses.has(use.split(' -> ').reverse().join(' -> ')));
    expect(mutual).toEqual([]);
  });

  it('keep their api/ folder free of their own components: it is what other features import', () => {
    const offenders = Object.entries(sources)
      .filter(([path]) => path.split('/')[2] === 'api')
      .flatMap(([path, source]) =>
        importedFeatures(path, source)
          .filter(({ feature, folder }) => feature === featureOf(path) && folder !== 'api')
          .map(({ feature, folder }) => `${path} imports ${feature}/${folder}`),
      );
    expect(offenders).toEqual([]);
  });

  it('see every way a file can name another feature', () => {
    const importer = './send-survey/components/deep/form.tsx';
    const source = [
      "import { a } from '@/features/lists/components/a';",
      "import type { B } from '../../../lists/components/b';",
      "export { c } from '../../../responses/components/c';",
      "import '../../../alerts/components/d.css';",
      "const e = () => import('@/features/logo/components/e');",
      "vi.mock('@/features/auth/components/f', () => ({}));",
      "import { g } from '../../api/g';",
      "import { h } from '@/lib/h';",
    ].join('\n');
    expect(crossings(importer, source)).toEqual([
      { feature: 'lists', folder: 'components' },
      { feature: 'lists', folder: 'components' },
      { feature: 'responses', folder: 'components' },
      { feature: 'alerts', folder: 'components' },
      { feature: 'logo', folder: 'components' },
      { feature: 'auth', folder: 'components' },
    ]);
  });
});
