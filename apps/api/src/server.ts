import { createApp } from './app.js';
import { systemClock } from './clock.js';
import { openDatabase } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { loadEnv } from './env.js';
import { createLogger } from './logger.js';
import { createMailer } from './mail/create-mailer.js';

let env;
try {
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const logger = createLogger(env.LOG_LEVEL);
const db = openDatabase(env.DATABASE_PATH);
const applied = migrate(db);
if (applied.length) logger.info({ applied }, 'migrations applied');

const mailer = createMailer(env, logger);
const app = createApp({ env, db, clock: systemClock, logger, mailer });

const server = app.listen(env.PORT, env.HOST, () => {
  logger.info(`API listening on http://localhost:${env.PORT} (${env.NODE_ENV})`);
});

function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close(() => {
    void mailer.close().finally(() => {
      db.close();
      process.exit(0);
    });
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
