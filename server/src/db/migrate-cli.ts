import { parseConfig } from '../config.ts';
import { migrate } from './migrate.ts';
import { openDb } from './open-db.ts';

const config = parseConfig();
const db = await openDb(config.databaseUrl, config.dataDir);
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date');
} finally {
  await db.close();
}
