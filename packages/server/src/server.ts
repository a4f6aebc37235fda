import { buildApp } from './app.js';
import { bootstrap } from './bootstrap.js';
import { migrateToLatest } from './db/migrations/index.js';
import { withStartupLock } from './db/startup-lock.js';
import { demoReport, seedDemo } from './demo/demo.js';
import { loadConfig } from './startup.js';

/** Starts Fogata: config, app, migrations, first-start bootstrap, listen; stops cleanly. */
async function main(): Promise<void> {
  const config = loadConfig(process.env, process.argv.slice(2));
  const app = await buildApp(config);
  // Several instances may start at the same moment on one database: one at a time migrates,
  // seeds the demo and makes the first admin; the others then find it done.
  await withStartupLock(app.ctx.db, config.dataDir, async () => {
    await migrateToLatest(app.ctx.db.kysely, app.ctx.db.dialect);
    // The demo goes first: once it has made its admin, the first-start invitation is not needed.
    if (config.demo) {
      for (const line of demoReport(await seedDemo(app.ctx))) console.log(line);
    }
    await bootstrap(app);
  });
  await app.listen({ port: config.port, host: config.host });
  console.log(`Fogata escuchando en ${config.publicUrl}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: cerrando`);
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error al cerrar');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

// better-sqlite3 crashes the process on Node 20 when it opens a database (decision 035): say why.
if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(`Fogata necesita Node.js 22 o 24; este es ${process.version}.`);
  process.exit(1);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'backup' || command === 'restore') {
  // `npm run backup` and `npm run restore`: the same bundle, another entry.
  const { backupCommand, restoreCommand } = await import('./backup/cli.js');
  process.exit(await (command === 'backup' ? backupCommand(args) : restoreCommand(args)));
}
if (command === 'migrate-media') {
  // `npm run migrate-media -- --to s3`: the local photos to the bucket, before STORAGE=s3.
  const { migrateMediaCommand } = await import('./media/storage/migrate-media.js');
  process.exit(await migrateMediaCommand(args));
}

main().catch((err: unknown) => {
  console.error('Fogata no pudo arrancar:', err);
  process.exit(1);
});
