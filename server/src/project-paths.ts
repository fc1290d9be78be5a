import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found by walking up from this file, whether run from src/ or bundled in dist/. */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'migrations', '0001_accounts.sql'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (the folder holding migrations/)');
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot();
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'migrations');
export const CLIENT_DIST = path.join(PROJECT_ROOT, 'client', 'dist');
