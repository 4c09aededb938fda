import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { AppError } from './errors.js';
import { chooseProviderWorkspace } from './modules/workspaces/provider-workspace.service.js';

const usage = `Usage: npm run cli -- provider <workspace id or member e-mail>

Commands:
  provider   choose the provider workspace, which owns the base survey templates.
             The embedded database opens in one process at a time: stop the server first
             (on PostgreSQL it may keep running); the server reads the choice when it starts.`;

async function main(argv: string[]): Promise<number> {
  const [command, argument] = argv;
  if (command !== 'provider' || !argument) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const workspace = await chooseProviderWorkspace(database.db, argument);
    console.log(
      `Provider workspace is now "${workspace.name}" (${workspace.id}). Restart the server to apply it.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error) => {
    if (error instanceof ConfigError || error instanceof AppError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
