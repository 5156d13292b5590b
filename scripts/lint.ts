// `npm run lint`: the import boundaries of biome.json (see docs/decisions/0010-lint-zones.md), after
// checking that every web feature has its zone there: a feature added without one would be unguarded.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../local/config.ts';

interface Override {
  includes: string[];
}

const config = JSON.parse(readFileSync(path.join(repoRoot, 'biome.json'), 'utf8')) as { overrides: Override[] };
const zoned = new Set(config.overrides.flatMap((o) => o.includes.map((i) => /^web\/src\/features\/([^/*]+)\/\*\*$/.exec(i)?.[1]).filter(Boolean)));
const features = readdirSync(path.join(repoRoot, 'web/src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const missing = features.filter((f) => !zoned.has(f));
if (missing.length) {
  console.error(`error: biome.json has no import zone for web/src/features/${missing.join(', ')}: copy another feature's two overrides.`);
  process.exit(1);
}

const biome = path.join(repoRoot, 'node_modules/.bin/biome');
const r = spawnSync(biome, ['lint', '--error-on-warnings', ...process.argv.slice(2)], { cwd: repoRoot, stdio: 'inherit' });
process.exit(r.status ?? 1);
