import { oncePer } from '../once-per.js';
import type { Executor } from './client.js';

/**
 * Statements prepared once per database (PostgreSQL then parses and plans each once per
 * connection): `preparedPerDatabase(prepare)` answers, for a database, what `prepare` made for it
 * the first time. For the statements every request or message runs.
 */
export function preparedPerDatabase<Statements>(
  prepare: (db: Executor) => Statements,
): (db: Executor) => Statements {
  return oncePer(prepare);
}
