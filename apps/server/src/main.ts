// Runs the site (server.ts loads it): reads the configuration, starts the site, and closes it
// gracefully on SIGINT, SIGTERM or a fatal error (close-with-grace: a close that hangs ends the
// process after 10 s).
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseError } from './db/database.ts';
import { keepDataPrivate } from './lib/private-data.ts';
import { MediaToolError } from './media/ffmpeg.ts';
import { startSite } from './site.ts';

try {
  const config = loadConfig(process.env);
  keepDataPrivate(config.dataDir);
  const site = await startSite(config);
  closeWithGrace({ delay: 10_000, logger: site.log }, async ({ signal, err }) => {
    if (err === undefined) site.log.info({ signal }, 'efir stopping');
    else site.log.error({ err }, 'efir stopping after a fatal error');
    await site.close();
  });
} catch (error) {
  if (error instanceof ConfigError || error instanceof DatabaseError || error instanceof MediaToolError) {
    console.error(`efir: ${error.message}`);
  } else {
    console.error('efir: start-up failed:', error);
  }
  process.exit(1);
}
