import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db/db.ts';
import * as repo from './auth.repository.ts';
import type { AuthService } from './auth.service.ts';

/**
 * Creates or updates the admin account at start. With no ADMIN_PASSWORD a random one
 * is generated the first time and printed once; later starts keep the stored hash.
 */
export async function ensureAdminAccount(
  db: Db,
  auth: AuthService,
  admin: { email: string; password: string | undefined },
  logger: Logger,
): Promise<void> {
  const existing = await repo.findUserByEmail(db, admin.email);
  let password = admin.password;
  let generated = false;
  if (!password && !existing?.password_hash) {
    password = randomBytes(12).toString('base64url');
    generated = true;
  }
  const passwordHash = password ? await auth.hashPassword(password) : null;
  await db.transaction(async (tx) => {
    await repo.demoteOtherAdmins(tx, admin.email);
    await repo.upsertAdmin(tx, admin.email, passwordHash);
  });
  if (generated) {
    // Printed to stdout, not the log stream, so it is shown once and not shipped to log storage.
    console.log(
      `\n  Admin account created: ${admin.email}\n  Password: ${password}\n  (shown once; set ADMIN_PASSWORD to choose your own)\n`,
    );
  }
  logger.info('admin account ready');
}
