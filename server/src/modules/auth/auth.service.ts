import bcrypt from 'bcrypt';
import {
  ADMIN_SESSION_IDLE_SECONDS,
  PARENT_SESSION_IDLE_SECONDS,
  ADMIN_SESSION_MAX_AGE_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  SIGN_IN_HANDOFF_SECONDS,
} from '@santa/shared/constants';
import type { LoginRequest, RegisterRequest } from '@santa/shared/auth';
import type { Db, Queryable } from '../../db/db.ts';
import { isUniqueViolation } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import * as repo from './auth.repository.ts';
import * as oauthStates from './oauth-state.repository.ts';
import type { SessionUserRow, UserRow } from './auth.repository.ts';
import { createSessionCache } from './session-cache.ts';
import { hearSessionRevocations, type SessionMemory } from './session-revocations.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import { hashToken, newToken } from './tokens.ts';
import type { SessionUser } from '../../http/session-user.ts';

export const DEFAULT_BCRYPT_COST = 11;

export interface AuthServiceOptions {
  adminEmail: string;
  bcryptCost?: number;
  /** How long a looked-up parent session is remembered, while revocations are heard and while not. */
  sessionMemory?: SessionMemory;
  /** The email module: a new account's welcome, queued in the sign-up's own transaction. */
  emails?: { welcome(tx: Queryable, userId: string): Promise<unknown> };
}

/**
 * While every replica hears revocations, a session outlives a dashboard's 5 s poll; while it
 * cannot, a logout on another replica still takes effect within a second (decision 0004).
 */
export const SESSION_MEMORY: SessionMemory = { heardMs: 60_000, unheardMs: 500 };

export type { SessionUser };

export interface SignedIn {
  sessionToken: string;
  user: SessionUser;
}

const INVALID_CREDENTIALS = 'Invalid email or password';
const ADMIN_EMAIL_REFUSED = 'This email address cannot be used to create an account';
const EMAIL_TAKEN = 'An account with this email already exists';

function toSessionUser(row: UserRow | SessionUserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    picture: row.picture,
    google_id: row.google_id,
    role: row.role,
    email_verified: row.email_verified_at !== null,
    has_password: 'has_password' in row ? row.has_password : row.password_hash !== null,
  };
}

export function createAuthService(db: Db, options: AuthServiceOptions) {
  const cost = options.bcryptCost ?? DEFAULT_BCRYPT_COST;
  // A real hash of the same cost, so a login for an unknown email takes as long as a wrong password.
  const dummyHash = bcrypt.hash(newToken(), cost);
  const memory = options.sessionMemory ?? SESSION_MEMORY;
  const sessions = createSessionCache<SessionUser>({ ttlMs: memory.unheardMs, maxEntries: 10_000 });
  const hearsRevocations = hearSessionRevocations(db, sessions, memory);

  const throttle = createSignInThrottle(db);
  const lookups = new Map<string, { generation: number; user: Promise<SessionUser | undefined> }>();

  async function startSession(user: UserRow, device: string): Promise<SignedIn> {
    const sessionToken = newToken();
    await repo.insertSession(db, {
      tokenHash: hashToken(sessionToken),
      userId: user.id,
      maxAgeSeconds: user.role === 'admin' ? ADMIN_SESSION_MAX_AGE_SECONDS : SESSION_MAX_AGE_SECONDS,
      device,
    });
    return { sessionToken, user: toSessionUser(user) };
  }

  /** The session's user from the database, with the idle and age limits applied. */
  async function lookUpSession(tokenHash: string, generation: number): Promise<SessionUser | undefined> {
    const row = await repo.findSessionUser(db, tokenHash);
    if (!row) return undefined;
    if (row.role === 'admin') {
      const now = Date.now();
      const idleMs = now - new Date(row.last_seen_at).getTime();
      const ageMs = now - new Date(row.session_created_at).getTime();
      if (idleMs > ADMIN_SESSION_IDLE_SECONDS * 1000 || ageMs > ADMIN_SESSION_MAX_AGE_SECONDS * 1000) {
        await repo.deleteSession(db, tokenHash);
        return undefined;
      }
      // One write a minute is enough to track idleness.
      if (idleMs > 60_000) await repo.touchSession(db, tokenHash);
      // Never remembered: the admin's idle limit is checked on every request.
      return toSessionUser(row);
    }
    const idleMs = Date.now() - new Date(row.last_seen_at).getTime();
    if (idleMs > PARENT_SESSION_IDLE_SECONDS * 1000) {
      await repo.deleteSession(db, tokenHash);
      return undefined;
    }
    // An hourly write is enough to track a parent's idleness and their devices' last use.
    if (idleMs > 60 * 60_000) await repo.touchSession(db, tokenHash);
    // Frozen: every request of this session for the next seconds shares the object.
    const user = Object.freeze(toSessionUser(row));
    sessions.set(tokenHash, user.id, user, new Date(row.session_expires_at).getTime(), generation);
    return user;
  }

  return {
    hashPassword: (password: string) => bcrypt.hash(password, cost),

    async register(input: RegisterRequest, device = ''): Promise<SignedIn> {
      if (input.email === options.adminEmail) throw new AppError('forbidden', ADMIN_EMAIL_REFUSED);
      const passwordHash = await bcrypt.hash(input.password, cost);
      try {
        const user = await db.transaction(async (tx) => {
          const inserted = await repo.insertUser(tx, { email: input.email, name: input.name, passwordHash });
          await options.emails?.welcome(tx, inserted.id);
          return inserted;
        });
        return await startSession(user, device);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', EMAIL_TAKEN);
        throw error;
      }
    },

    /** `client` is the caller's address: wrong passwords slow down that client for that account only. */
    async login(input: LoginRequest, client: string, device = ''): Promise<SignedIn> {
      const user = await repo.findUserByEmail(db, input.email);
      if (user?.password_hash) await throttle.check(user.id, client);
      const hash = user?.password_hash ?? (await dummyHash);
      const matches = await bcrypt.compare(input.password, hash);
      if (!user?.password_hash || !matches) {
        if (user?.password_hash) await throttle.recordFailure(user.id, client);
        throw new AppError('unauthenticated', INVALID_CREDENTIALS);
      }
      await throttle.clear(user.id, client);
      return startSession(user, device);
    },

    /** Wrong-password counts of clients that stopped trying a day ago. */
    deleteStaleSignInFailures: () => throttle.deleteStale(),

    deleteExpiredSessions: () => repo.deleteExpiredSessions(db),

    /** The parent's signed-in devices, the one asking marked `current`. */
    listSessions: (userId: string, sessionToken: string) =>
      repo.listSessions(db, userId, hashToken(sessionToken)),

    /** Signs one device out; answers false when it is not one of this user's sessions. */
    async revokeSession(userId: string, sessionId: string): Promise<boolean> {
      const tokenHash = await repo.deleteSessionById(db, userId, sessionId);
      if (tokenHash) sessions.forgetToken(tokenHash);
      return tokenHash !== undefined;
    },

    /** Signs every other device out; this one stays signed in. */
    async signOutOtherDevices(userId: string, sessionToken: string): Promise<number> {
      const count = await repo.deleteOtherSessions(db, userId, hashToken(sessionToken));
      sessions.forgetUser(userId);
      return count;
    },
    /** Google sign-ins that were started and never came back. */
    deleteExpiredOAuthStates: () => oauthStates.deleteExpiredOAuthStates(db),

    async logout(sessionToken: string | undefined): Promise<void> {
      if (!sessionToken) return;
      const tokenHash = hashToken(sessionToken);
      sessions.forgetToken(tokenHash);
      await repo.deleteSession(db, tokenHash);
    },

    /** Resolves a cookie token to its user, enforcing the admin's shorter absolute and idle limits. */
    async authenticate(sessionToken: string | undefined): Promise<SessionUser | undefined> {
      if (!sessionToken) return undefined;
      const tokenHash = hashToken(sessionToken);
      const cached = sessions.get(tokenHash);
      if (cached) return cached;
      const generation = sessions.generation();
      // A page's requests arrive together: they share the lookup already on its way, unless a
      // logout (or anything forgotten) came after it started.
      const pending = lookups.get(tokenHash);
      if (pending?.generation === generation) return pending.user;
      const user = lookUpSession(tokenHash, generation);
      lookups.set(tokenHash, { generation, user });
      try {
        return await user;
      } finally {
        if (lookups.get(tokenHash)?.user === user) lookups.delete(tokenHash);
      }
    },

    /** Whether other replicas' revocations reach this one as they commit (decision 0004). */
    hearsRevocations,

    /** Drops what this process remembers of a user's sessions (account changed or deleted). */
    forgetUser: (userId: string) => sessions.forgetUser(userId),

    listAccounts: () => repo.listAccounts(db),
    findAccount: (userId: string) => repo.findAccount(db, userId),
    /** In the admin's transaction; the rest of the account cascades. */
    deleteAccount: (q: Queryable, userId: string) => repo.deleteAccount(q, userId),
    /** Held for the rest of the transaction: one change to a family's billing at a time. */
    lockAccount: (q: Queryable, userId: string) => repo.lockAccount(q, userId),
    /** In another module's statement: whether an account exists (a finished call's family). */
    accountSql: repo.accountSql,
    emailOf: (userId: string) => repo.emailOf(db, userId),
    /**
     * A link mailed only to `email` was opened by this account: if that is the account's own
     * address, it is now proven (answers whether it was the account's address).
     */
    async proveEmail(q: Queryable, userId: string, email: string): Promise<boolean> {
      const proven = await repo.markEmailVerified(q, userId, email);
      if (proven) sessions.forgetUser(userId);
      return proven;
    },

    /** Makes the one-time id that carries a third-party sign-in back to the SPA. */
    async createHandoff(userId: string): Promise<string> {
      const id = newToken();
      await repo.insertHandoff(db, { idHash: hashToken(id), userId, ttlSeconds: SIGN_IN_HANDOFF_SECONDS });
      return id;
    },

    async exchangeHandoff(handoffId: string | undefined, device = ''): Promise<SignedIn> {
      const invalid = new AppError('unauthenticated', 'Sign-in link is invalid or has expired');
      if (!handoffId) throw invalid;
      const userId = await repo.consumeHandoff(db, hashToken(handoffId));
      const user = userId ? await repo.findUserById(db, userId) : undefined;
      if (!user) throw invalid;
      return startSession(user, device);
    },

    /** Finds or creates the account for a verified Google identity; never the admin's. */
    async signInWithGoogle(
      profile: {
        sub: string;
        email: string;
        emailVerified: boolean;
        name: string;
        picture: string | null;
      },
      trust: { passwordAccounts: boolean } = { passwordAccounts: true },
    ): Promise<UserRow> {
      const refused = new AppError('forbidden', 'This Google account cannot be used to sign in here');
      const email = profile.email.trim().toLowerCase();
      const byGoogle = await repo.findUserByGoogleId(db, profile.sub);
      if (byGoogle) {
        if (byGoogle.role === 'admin') throw refused;
        if (byGoogle.password_hash && !trust.passwordAccounts) throw refused;
        return byGoogle;
      }
      if (!profile.emailVerified)
        throw new AppError('forbidden', 'Your Google email address is not verified');
      if (email === options.adminEmail) throw refused;
      const byEmail = await repo.findUserByEmail(db, email);
      if (byEmail) {
        if (byEmail.role === 'admin' || byEmail.google_id) throw refused;
        if (byEmail.password_hash && !trust.passwordAccounts) throw refused;
        const linked = await repo.linkGoogleAccount(db, byEmail.id, {
          googleId: profile.sub,
          picture: profile.picture,
          name: profile.name,
        });
        // Sessions already open on this account should show the linked google_id and picture.
        sessions.forgetUser(byEmail.id);
        return linked;
      }
      try {
        return await repo.insertUser(db, {
          email,
          name: profile.name || email,
          picture: profile.picture,
          googleId: profile.sub,
          emailVerified: true,
        });
      } catch (error) {
        // Two callbacks racing for a new user: the loser reads the winner's row.
        if (isUniqueViolation(error)) {
          const existing = await repo.findUserByGoogleId(db, profile.sub);
          if (existing) return existing;
        }
        throw error;
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
