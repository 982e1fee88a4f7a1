// Every npm script runs on the pinned Node from node_modules/.bin; refuse a stray runtime early
// rather than fail later on a missing language feature.
import { readFileSync } from 'node:fs';

const wanted = readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8')
  .trim()
  .split('.')[0];
const actual = process.versions.node.split('.')[0];
if (actual !== wanted) {
  console.error(
    `efir: running on Node ${process.versions.node}, but Efir needs Node ${wanted}. ` +
      'Use `npm start` or `npm test`, which install it into node_modules/.bin.',
  );
  process.exit(1);
}
