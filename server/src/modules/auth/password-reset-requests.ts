import type { Db } from '../../db/db.ts';
import { QUEUES, type JobSender } from '../../jobs/queues.ts';
import * as repo from './auth.repository.ts';
import * as requests from './password-reset-requests.repository.ts';

/** The job's data: the request's id only, so no address rests in the queue. */
export interface PasswordResetRequestJob {
  requestId: string;
}

export interface PasswordResetRequestsDeps {
  db: Db;
  jobs: JobSender;
  emails: { passwordReset(userId: string): Promise<unknown> };
}

/**
 * "Forgot password": the request is recorded and answered the same way whether or not an account
 * has the address; the job decides, out of sight of the asker's clock.
 */
export function createPasswordResetRequests(deps: PasswordResetRequestsDeps) {
  const { db } = deps;
  return {
    request: (email: string) =>
      db.transaction(async (tx) => {
        const requestId = await requests.insertRequest(tx, email);
        await deps.jobs.send(
          QUEUES.passwordResetRequest,
          { requestId } satisfies PasswordResetRequestJob,
          tx,
        );
      }),

    /** The job: a parent's address gets its link; any other request is simply forgotten. */
    async handle(job: PasswordResetRequestJob): Promise<void> {
      const email = await requests.takeRequest(db, job.requestId);
      const user = email ? await repo.findUserByEmail(db, email) : undefined;
      if (user && user.role === 'parent') await deps.emails.passwordReset(user.id);
    },
  };
}

export type PasswordResetRequests = ReturnType<typeof createPasswordResetRequests>;
