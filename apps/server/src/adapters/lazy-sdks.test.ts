import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SDKs that only some installations use (a bucket, Stripe billing, a spreadsheet export) are
 * loaded where they are set up or first used, never at start: together ≈ 12 MB of heap that
 * every process would otherwise carry, and every major collection go through.
 */
const loadedOnUse = ['stripe', 'exceljs', '@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner', 'pdfkit'];

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });

describe('SDKs loaded on use', () => {
  it('are imported by the server only dynamically, or for their types', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const eager = sources(root).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return loadedOnUse
        .filter((name) => new RegExp(`^import (?!type )[^;]*from '${name}';`, 'm').test(text))
        .map((name) => `${path.relative(root, file)} imports ${name}`);
    });
    expect(eager).toEqual([]);
  });
});
