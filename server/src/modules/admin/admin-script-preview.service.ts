import type { ScriptPreview, TestCall, TestCallRequest } from '@santa/shared/script-preview';
import type { Db } from '../../db/db.ts';
import type { AdminPorts } from './admin.ports.ts';
import * as repo from './admin.repository.ts';
import { userNotFound, type AdminActor } from './admin.service.ts';

/**
 * The Santa's Script tab's look at one family's next call. The voice module prepares it; the admin
 * module checks the account and leaves an audit row, as a family's details were read.
 */
export function createAdminScriptPreviewService(db: Db, ports: Pick<AdminPorts, 'accounts' | 'callPreview'>) {
  async function requireAccount(userId: string) {
    if (!(await ports.accounts.findAccount(userId))) throw userNotFound();
  }

  return {
    async preview(admin: AdminActor, userId: string, draft?: string): Promise<ScriptPreview> {
      await requireAccount(userId);
      const preview = await ports.callPreview.preview(userId, draft);
      await repo.insertAudit(db, {
        adminEmail: admin.email,
        action: 'preview_santa_prompt',
        targetUserId: userId,
        details: { draft: draft !== undefined },
      });
      return preview;
    },

    async testCall(admin: AdminActor, input: TestCallRequest): Promise<TestCall> {
      await requireAccount(input.user_id);
      const call = await ports.callPreview.testCall(input.user_id, input.child_says, input.prompt);
      await repo.insertAudit(db, {
        adminEmail: admin.email,
        action: 'test_santa_call',
        targetUserId: input.user_id,
        details: { draft: input.prompt !== undefined, lines: input.child_says.length },
      });
      return call;
    },
  };
}

export type AdminScriptPreviewService = ReturnType<typeof createAdminScriptPreviewService>;
