// `npm run seed`: writes the demo content into the configured database if it is empty.
import { loadConfig } from '../config.ts';
import { isEmpty, openDatabase } from '../db/database.ts';
import { seedDemo } from '../demo/seed.ts';
import { queueDemoMedia } from '../repositories/ingest-jobs.ts';
import { dateIn, instantOf } from '../lib/clock.ts';

const config = loadConfig(process.env);
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (await isEmpty(database.db)) {
      const now = new Date();
      const today = dateIn(config.timeZone, now);
      const openingAt = (now.getTime() - instantOf(config.timeZone, today, '00:00:00')) / 1000;
      await seedDemo(database.db, { today, now, ...(config.demoMedia ? { openingAt } : {}) });
      const queued = config.demoMedia ? await queueDemoMedia(database.db) : 0;
      console.log(`efir seed: demo content written; ${queued} demo media jobs queued for the site to make`);
    } else {
      console.log('efir seed: the database already has content; nothing written');
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`efir seed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
