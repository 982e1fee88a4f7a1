// The site's process: its modules load sooner (lib/module-loading.ts) from before anything else
// loads, hence the dynamic import.
import { speedUpModuleLoading } from './lib/module-loading.ts';

speedUpModuleLoading();
await import('./main.ts');
