import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every feature folder is laid out alike (decision 0010), so a newcomer finds a feature's pure helpers
// in `utils/` whichever feature they open; `lib/` is the app-wide folder (web/src/lib).
const FOLDERS = new Set(['api', 'components', 'hooks', 'messages', 'utils']);
const FILES = new Set(['types.ts']);

const featuresDir = new URL('.', import.meta.url).pathname;

describe('feature layout', () => {
  const features = readdirSync(featuresDir).filter((name) => statSync(join(featuresDir, name)).isDirectory());

  it('finds the features', () => {
    expect(features.length).toBeGreaterThan(10);
  });

  it.each(features)('%s holds only api/, components/, hooks/, messages/, utils/ and types.ts', (feature) => {
    const unexpected = readdirSync(join(featuresDir, feature)).filter((entry) => {
      const isDir = statSync(join(featuresDir, feature, entry)).isDirectory();
      return isDir ? !FOLDERS.has(entry) : !FILES.has(entry);
    });
    expect(unexpected).toEqual([]);
  });
});
