import { ConfigError, loadConfig } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { exportInstallation, importInstallation, TransferError } from './db/installation-transfer.js';
import { migrateDatabase } from './db/migrate.js';
import { AppError } from './errors.js';
import { verifyAuditLog } from './modules/audit/audit-verify.service.js';
import { applyRetention } from './modules/retention/retention.service.js';
import { chooseProviderWorkspace } from './modules/workspaces/provider-workspace.service.js';

const usage = `Usage: npm run cli -- provider <workspace id or member e-mail>
       npm run cli -- audit verify
       npm run cli -- export <file>
       npm run cli -- import <file>
       npm run cli -- retention apply

Commands:
  provider      choose the provider workspace, which owns the base survey templates.
                The embedded database opens in one process at a time: stop the server first
                (on PostgreSQL it may keep running); the server reads the choice when it starts.
  audit verify  check the audit log's hash chains: prints OK with the number of events, or the
                first event that breaks a chain (exit code 1).
  export        write every row of the installation (all workspaces) to <file> (gzip'd JSON
                lines), read in one consistent snapshot: a backup, or the first half of a move
                between the embedded database and PostgreSQL. Stop the server first on the
                embedded database; PostgreSQL may keep serving.
  import        load an export into this database (DATABASE_URL, or the embedded one in DATA_DIR),
                which must be new (migrated and empty) and run the same Graphium version. One
                transaction: a failure leaves it empty.
  retention apply
                apply every workspace's retention now, as the daily job does (decision 044):
                prints what it removed. Safe beside a running server.`;

type Command = (db: DatabaseHandle['db']) => Promise<number>;

function commandOf([command, argument]: string[]): Command | undefined {
  if (command === 'provider' && argument) {
    return async (db) => {
      const workspace = await chooseProviderWorkspace(db, argument);
      console.log(
        `Provider workspace is now "${workspace.name}" (${workspace.id}). Restart the server to apply it.`,
      );
      return 0;
    };
  }
  if (command === 'audit' && argument === 'verify') {
    return async (db) => {
      const result = await verifyAuditLog(db);
      if (result.ok) {
        console.log(`OK: ${result.count} audit events, every chain whole.`);
        return 0;
      }
      console.error(
        `BROKEN: chain ${result.chainKey}, event ${result.sequence}${result.auditEventId ? ` (${result.auditEventId})` : ''}: ${result.problem}.`,
      );
      return 1;
    };
  }
  if (command === 'retention' && argument === 'apply') {
    return async (db) => {
      const { workspaces, removed } = await applyRetention({ db, now: () => new Date() });
      console.log(
        `Retention applied to ${workspaces} workspaces: removed ${removed.responses} responses and ${removed.unansweredSurveys} unanswered surveys, erased ${removed.outboxBodies} message texts.`,
      );
      return 0;
    };
  }
  if ((command === 'export' || command === 'import') && argument) {
    return async (db) => {
      const counts =
        command === 'export'
          ? await exportInstallation(db, argument)
          : await importInstallation(db, argument);
      const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
      const tables = Object.values(counts).filter((count) => count > 0).length;
      console.log(
        `${command === 'export' ? 'Exported' : 'Imported'} ${rows} rows of ${tables} tables ${command === 'export' ? 'to' : 'from'} ${argument}.`,
      );
      return 0;
    };
  }
  return undefined;
}

async function main(argv: string[]): Promise<number> {
  const command = commandOf(argv);
  if (!command) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    return await command(database.db);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error) => {
    if (error instanceof ConfigError || error instanceof AppError || error instanceof TransferError)
      console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
