import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Mantine's components are CSS modules compiled to fixed class names (m_…): a component's module
// file lists them, and its stylesheet under @mantine/core/styles/ holds their rules. Following the
// imports of every Mantine component the console names, through the components they are built of,
// gives each class the console can put on a page; each must find its rule in mantine-styles.ts.

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

/** Every Mantine class name (m_…) reachable from the components the console imports, with the module naming it. */
const classesInUse = (): Map<string, string> => {
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
  for (const file of sourceFiles(src)) {
    const code = readFileSync(file, 'utf8');
    for (const pkg of Object.keys(packages) as MantinePackage[]) useNames(pkg, namedImports(code, pkg));
  }
  return classes;
};

const imported = [...readFileSync(path.join(here, 'mantine-styles.ts'), 'utf8').matchAll(/^import '([^']+\.css)';$/gm)].map(
  (match) => match[1]!,
);
const cssFile = (specifier: string) => {
  const [, pkg, rest] = /^(@mantine\/[^/]+)\/(.+)$/.exec(specifier)!;
  return path.join(packages[pkg as MantinePackage], rest!);
};

describe("Mantine's stylesheets", () => {
  it('hold a rule for every Mantine class the console can show', () => {
    const given = imported.map((specifier) => readFileSync(cssFile(specifier), 'utf8')).join('\n');
    const whole = ['@mantine/core/styles.css', '@mantine/notifications/styles.css']
      .map((file) => readFileSync(cssFile(file), 'utf8'))
      .join('\n');
    const classes = classesInUse();
    expect(classes.size).toBeGreaterThan(100);
    // Named by module: Button.module.mjs wants @mantine/core/styles/Button.css.
    const missing = [...classes].filter(([name]) => whole.includes(`.${name}`) && !given.includes(`.${name}`)).map(([, module]) => module);
    expect([...new Set(missing)]).toEqual([]);
  });

  it("come in the order of Mantine's whole stylesheet, the global ones first", () => {
    const core = imported.filter((specifier) => specifier.startsWith('@mantine/core/'));
    expect(core.slice(0, 3)).toEqual([
      '@mantine/core/styles/baseline.css',
      '@mantine/core/styles/default-css-variables.css',
      '@mantine/core/styles/global.css',
    ]);
    const whole = readFileSync(cssFile('@mantine/core/styles.css'), 'utf8');
    const positions = core.map((specifier) => whole.indexOf(readFileSync(cssFile(specifier), 'utf8').trim()));
    expect(positions).not.toContain(-1);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // Mantine's other packages build on the core's rules, so theirs come after.
    expect(imported.at(-1)).toBe('@mantine/notifications/styles.css');
  });
});
