import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { jobDefinitions } from '../bootstrap.js';
import { wrapPglite, wrapPostgres } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { startJobQueue } from '../jobs/pg-boss-queue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tar), loaded by each test file in ~0.5 s. */
    pgliteTemplate?: string;
    /** PostgreSQL: a migrated template database each test file copies with CREATE DATABASE. */
    postgresTemplate?: { adminUrl: string; templateName: string };
  }
}

const silent = pino({ level: 'silent' });

/**
 * Migrates once (schema and pg-boss tables) so that no test file pays for it: PGlite's
 * initialisation takes seconds, loading a prepared data directory half a second.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const templateName = `graphium_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${templateName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${templateName}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    const handle = wrapPostgres(pool, url.toString());
    await migrateDatabase(handle);
    const jobs = await startJobQueue(handle, silent, jobDefinitions);
    await jobs.stop();
    await handle.close();
    project.provide('postgresTemplate', { adminUrl, templateName });
    return async () => {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname like '${templateName}%' and pid <> pg_backend_pid()`,
      );
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like '${templateName}%'`,
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname}`);
      await admin.end();
    };
  }

  const client = await PGlite.create();
  const handle = wrapPglite(client);
  await migrateDatabase(handle);
  const jobs = await startJobQueue(handle, silent, jobDefinitions);
  await jobs.stop();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = join(tmpdir(), `graphium-test-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
