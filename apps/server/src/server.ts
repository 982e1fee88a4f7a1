// The site's process. Node keeps the compiled code of the modules it loads (V8's code cache) under
// node_modules/.cache, so a restart loads its few hundred modules sooner: 0.3–0.45 s of a 4 s
// restart on a 2-core machine (`bench/restart.ts`, bench/README.md). It is enabled before anything
// else loads, hence the dynamic import; where the folder cannot be written, Node goes without.
import { enableCompileCache } from 'node:module';

enableCompileCache(new URL('../../../node_modules/.cache/node-compile-cache', import.meta.url).pathname);
await import('./main.ts');
