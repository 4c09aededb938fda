import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's modules (docs/architecture.md): each owns its domain in one folder. Another module
// is reached only through its services (`*.service.ts`), never its repository or other files, and
// the modules' imports run one way (no module depends on itself through others).

const modulesDir = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.startsWith('test-')
      ? [path]
      : [];
  });
}

interface Import {
  from: string;
  to: string;
}

/** Every relative import between the modules' source files (type-only imports included). */
function moduleImports(): Import[] {
  return sourceFiles(modulesDir).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    return [...source.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)].map((match) => ({
      from: relative(modulesDir, file),
      to: relative(modulesDir, resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts'))),
    }));
  });
}

const moduleOf = (path: string) => (path.startsWith('..') ? undefined : path.split('/')[0]);

function crossings(imports: Import[]) {
  return imports.filter((edge) => {
    const to = moduleOf(edge.to);
    return to !== undefined && to !== moduleOf(edge.from);
  });
}

/** The module cycles: a module reached again from itself through its imports. */
function moduleCycles(imports: Import[]): string[] {
  const edges = new Map<string, Set<string>>();
  for (const edge of crossings(imports)) {
    const from = moduleOf(edge.from)!;
    edges.set(from, (edges.get(from) ?? new Set()).add(moduleOf(edge.to)!));
  }
  const cycles: string[] = [];
  const visit = (module: string, path: string[]) => {
    for (const next of edges.get(module) ?? []) {
      if (next === path[0]) cycles.push([...path, next].join(' → '));
      else if (!path.includes(next) && next > path[0]!) visit(next, [...path, next]);
    }
  };
  for (const module of edges.keys()) visit(module, [module]);
  return cycles;
}

describe('server modules', () => {
  const imports = moduleImports();

  it('reach another module only through its services', () => {
    const breaches = crossings(imports)
      .filter((edge) => !edge.to.endsWith('.service.ts'))
      .map((edge) => `${edge.from} imports ${edge.to}`);
    expect(crossings(imports).length).toBeGreaterThan(20);
    expect(breaches).toEqual([]);
  });

  it('import one another one way only', () => {
    expect(moduleCycles(imports)).toEqual([]);
  });

  it('finds a cycle and a breach when there is one', () => {
    const sample: Import[] = [
      { from: 'a/a.service.ts', to: 'b/b.service.ts' },
      { from: 'b/b.service.ts', to: 'c/c.repository.ts' },
      { from: 'c/c.service.ts', to: 'a/a.service.ts' },
    ];
    expect(moduleCycles(sample)).toEqual(['a → b → c → a']);
    expect(crossings(sample).filter((edge) => !edge.to.endsWith('.service.ts'))).toHaveLength(1);
  });
});
