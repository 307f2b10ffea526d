// Writes the JSON Schema of `BridgeMethods` (src/contract.ts) to ../verdex/bridge/contract.json (or $OUT):
// the arguments and answer of every bridge method, as the TypeScript types declare them.
// tests/bridge/test_contract.py compares it with the pydantic models of verdex/bridge/models.py.
// Deterministic: same sources, same bytes (the Makefile's bridge-check compares).
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';

const here = dirname(fileURLToPath(import.meta.url));
const outfile = process.env.OUT ? resolve(process.env.OUT) : resolve(here, '../verdex/bridge/contract.json');

const schema = createGenerator({
  path: resolve(here, 'src/contract.ts'),
  tsconfig: resolve(here, 'tsconfig.json'),
  type: 'BridgeMethods',
  expose: 'export',
  topRef: true,
  jsDoc: 'extended',
  skipTypeCheck: true, // `npm run check` type-checks
  additionalProperties: false,
  sortProps: true,
}).createSchema('BridgeMethods');
writeFileSync(outfile, JSON.stringify(schema, null, 1) + '\n');
