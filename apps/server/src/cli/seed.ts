// `npm run seed`: writes the demo content into the configured database if it is empty.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { seedIfEmpty } from '../demo/first-start.ts';

const config = loadConfig(process.env);
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const demo = await seedIfEmpty(database.db, config);
    console.log(
      demo.written
        ? `efir seed: demo content written; ${demo.queued} demo media jobs queued for the site to make`
        : 'efir seed: the database already has content; nothing written',
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`efir seed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
