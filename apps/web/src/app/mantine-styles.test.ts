import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Mantine's components are CSS modules compiled to fixed class names (m_…): a component's module
// file lists them, and its stylesheet under @mantine/core/styles/ holds their rules. Following the
// imports of every Mantine component the console names, through the components they are built of,
// gives each class the console can put on a page; each must find its rule in mantine-styles.ts.
// The player's page is an entry of its own with its own list (features/player/player-styles.ts),
// checked against the modules its entry reaches.

const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.resolve(here, '..');
const require = createRequire(import.meta.url);
const packageDir = (name: string) => {
  const entry = require.resolve(name);
  return entry.slice(0, entry.lastIndexOf(`${path.sep}${name.replace('/', path.sep)}${path.sep}`) + name.length + 1);
};
const packages = { '@mantine/core': packageDir('@mantine/core'), '@mantine/notifications': packageDir('@mantine/notifications') };
type MantinePackage = keyof typeof packages;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

/** The project's modules an entry reaches through its static imports, and its lazy ones (`import()`) when asked. */
const reachableFrom = (entry: string, lazy: boolean): string[] => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // Type-only imports bring no code; `import x from`, `export … from` and `import()` do.
    const specifiers = [
      ...code.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/gm),
      ...(lazy ? code.matchAll(/import\(\s*['"](\.{1,2}\/[^'"]+)['"]/g) : []),
    ];
    for (const match of specifiers) {
      const base = path.resolve(path.dirname(file), match[1]!);
      const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
        (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
      );
      if (found) visit(found);
    }
  };
  visit(entry);
  return [...seen];
};

/** The values (not types) a module imports by name from a package. */
const namedImports = (code: string, from: string): string[] =>
  [...code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)]
    .filter((match) => match[3] === from && !match[1])
    .flatMap((match) => match[2]!.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '' && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/)[0]!);

/** Where each export of a package's ESM index is defined. */
const exportsOf = (pkg: MantinePackage): Map<string, string> => {
  const esm = path.join(packages[pkg], 'esm');
  const index = readFileSync(path.join(esm, 'index.mjs'), 'utf8');
  const defined = new Map<string, string>();
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const name of match[1]!.split(',')) {
      const [imported, local = imported] = name.trim().split(/\s+as\s+/);
      defined.set(local!.trim(), path.resolve(esm, match[2]!));
    }
  }
  return defined;
};

/** Every Mantine class name (m_…) reachable from the components the given modules import, with the module naming it. */
const classesInUse = (files: readonly string[]): Map<string, string> => {
  const defined = { '@mantine/core': exportsOf('@mantine/core'), '@mantine/notifications': exportsOf('@mantine/notifications') };
  const visited = new Set<string>();
  const classes = new Map<string, string>();
  const visit = (file: string) => {
    if (visited.has(file)) return;
    visited.add(file);
    const code = readFileSync(file, 'utf8');
    if (file.endsWith('.module.mjs')) for (const match of code.matchAll(/"(m_[0-9a-f]+)"/g)) classes.set(match[1]!, path.basename(file));
    for (const match of code.matchAll(/from\s*"(\.[^"]+)"/g)) visit(path.resolve(path.dirname(file), match[1]!));
    for (const pkg of Object.keys(packages) as MantinePackage[]) useNames(pkg, namedImports(code, pkg));
  };
  const useNames = (pkg: MantinePackage, names: string[]) => {
    for (const name of names) {
      const file = defined[pkg].get(name);
      if (file) visit(file);
    }
  };
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    for (const pkg of Object.keys(packages) as MantinePackage[]) useNames(pkg, namedImports(code, pkg));
  }
  return classes;
};

const importedBy = (stylesFile: string) =>
  [...readFileSync(stylesFile, 'utf8').matchAll(/^import '([^']+\.css)';$/gm)].map((match) => match[1]!);
const cssFile = (specifier: string) => {
  const [, pkg, rest] = /^(@mantine\/[^/]+)\/(.+)$/.exec(specifier)!;
  return path.join(packages[pkg as MantinePackage], rest!);
};
const readCss = (specifier: string) => readFileSync(cssFile(specifier), 'utf8');

const consoleStyles = path.join(here, 'mantine-styles.ts');
const playerStyles = path.join(src, 'features/player/player-styles.ts');
const laterStyles = path.join(src, 'features/player/later-styles.ts');
const playerEntry = path.join(src, 'player-main.tsx');

// The player's page takes its first list with its first download, and the later one with the chunks it loads later.
const coverage = [
  { name: "the console's list", lists: [consoleStyles], modules: () => sourceFiles(src) },
  { name: "the player's first list", lists: [playerStyles], modules: () => reachableFrom(playerEntry, false) },
  { name: "the player's two lists", lists: [playerStyles, laterStyles], modules: () => reachableFrom(playerEntry, true) },
];

describe.each(coverage)("Mantine's stylesheets: $name", ({ lists, modules }) => {
  it('hold a rule for every Mantine class its pages can show', () => {
    const given = lists.flatMap(importedBy).map(readCss).join('\n');
    const whole = ['@mantine/core/styles.css', '@mantine/notifications/styles.css'].map(readCss).join('\n');
    const classes = classesInUse(modules());
    expect(classes.size).toBeGreaterThan(30);
    // Named by module: Button.module.mjs wants @mantine/core/styles/Button.css.
    const missing = [...classes].filter(([name]) => whole.includes(`.${name}`) && !given.includes(`.${name}`)).map(([, module]) => module);
    expect([...new Set(missing)]).toEqual([]);
  });
});

const wholeCore = () => readCss('@mantine/core/styles.css');
const positionOf = (specifier: string) => wholeCore().indexOf(readCss(specifier).trim());

describe.each([consoleStyles, playerStyles, laterStyles])("Mantine's stylesheets in %s", (list) => {
  it("come in the order of Mantine's whole stylesheet, its other packages' after the core's", () => {
    const imported = importedBy(list);
    const core = imported.filter((specifier) => specifier.startsWith('@mantine/core/'));
    const positions = core.map(positionOf);
    expect(positions).not.toContain(-1);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const firstOther = imported.findIndex((specifier) => !specifier.startsWith('@mantine/core/'));
    if (firstOther !== -1) expect(imported.slice(firstOther).every((specifier) => !specifier.startsWith('@mantine/core/'))).toBe(true);
  });
});

describe("the player's stylesheets", () => {
  it('start with the global ones, on the first list', () => {
    for (const list of [consoleStyles, playerStyles])
      expect(importedBy(list).slice(0, 3)).toEqual([
        '@mantine/core/styles/baseline.css',
        '@mantine/core/styles/default-css-variables.css',
        '@mantine/core/styles/global.css',
      ]);
  });

  it("name none the console's list lacks, and none twice", () => {
    const console = new Set(importedBy(consoleStyles));
    const player = [...importedBy(playerStyles), ...importedBy(laterStyles)];
    expect(player.filter((specifier) => !console.has(specifier))).toEqual([]);
    expect(new Set(player).size).toBe(player.length);
  });

  // A later sheet lands after the first ones whatever Mantine's order: it may not style a class that a
  // first sheet Mantine puts after it styles too, or rules of equal weight would change which one wins.
  it('put no later sheet after a first one whose classes it shares', () => {
    const classesOf = (specifier: string) => new Set(readCss(specifier).match(/\.m_[0-9a-f]+/g) ?? []);
    const clashes = importedBy(laterStyles).flatMap((later) =>
      importedBy(playerStyles)
        .filter((first) => positionOf(first) > positionOf(later))
        .filter((first) => [...classesOf(later)].some((name) => classesOf(first).has(name)))
        .map((first) => `${later} before ${first}`),
    );
    expect(clashes).toEqual([]);
  });
});
