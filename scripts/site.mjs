// `npm start`'s second step: on the pinned Node,
// in one process, the runtime's check, the browser apps built when their sources changed, then the
// site. A restart is off air for as long as this takes, so no npm and no process in between.
import './require-node.mjs';
import './build-web.mjs';

await import('../apps/server/src/server.ts');
