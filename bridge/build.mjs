// Bundles src/index.ts into one readable IIFE at ../verdex/bridge/bridge.js (or $OUT).
// The output is deterministic: same sources, same bytes (the Makefile's bridge-check compares).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const { version } = JSON.parse(readFileSync(resolve(here, 'package.json'), 'utf8'));
const outfile = process.env.OUT ? resolve(process.env.OUT) : resolve(here, '../verdex/bridge/bridge.js');

await build({
  absWorkingDir: here,
  entryPoints: ['src/index.ts'],
  outfile,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  charset: 'utf8',
  banner: { js: `/* verdex-bridge ${version} */` },
  define: { __VERDEX_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});
