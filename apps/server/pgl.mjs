import { PGlite } from '@electric-sql/pglite';

let t = Date.now();
const db = await PGlite.create();
console.log('create', Date.now() - t);
t = Date.now();
await db.exec('create table x(a int); insert into x values (1)');
const dump = await db.dumpDataDir('none');
console.log('dump', Date.now() - t, dump.size);
t = Date.now();
const db2 = await PGlite.create({ loadDataDir: dump });
console.log('load', Date.now() - t, (await db2.query('select * from x')).rows);
t = Date.now();
if (db.clone) {
  const c = await db.clone();
  console.log('clone', Date.now() - t, (await c.query('select * from x')).rows);
}
