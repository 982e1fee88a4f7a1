// `npm run efir -- …`: the operators' command line on this process's arguments and streams
// (cli/commands.ts).
import { readFileSync } from 'node:fs';
import { speedUpModuleLoading } from '../lib/module-loading.ts';

// Before the commands' modules load (lib/module-loading.ts), hence the dynamic import.
speedUpModuleLoading();
const { runEfir } = await import('./commands.ts');
process.exitCode = await runEfir(process.argv.slice(2), {
  env: process.env,
  readStdin: () => readFileSync(0, 'utf8'),
  print: (line) => {
    console.log(line);
  },
  complain: (line) => {
    console.error(line);
  },
});
