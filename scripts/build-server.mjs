// Bundles the server's TypeScript into dist/server/main.js; packages stay in node_modules.
// `--outfile dist/<name>/main.js` builds elsewhere (two folders below the root, as src/server/paths.ts
// expects): a test that runs its own bundle then never sees another test's build half-written.
import { build } from 'esbuild';

const outfileFlag = process.argv.indexOf('--outfile');
const outfile = outfileFlag === -1 ? 'dist/server/main.js' : process.argv[outfileFlag + 1];
if (!outfile || !/^dist\/[\w-]+\/main\.js$/.test(outfile)) {
  console.error('--outfile must be dist/<name>/main.js');
  process.exit(2);
}

await build({
  entryPoints: ['src/server/main.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
