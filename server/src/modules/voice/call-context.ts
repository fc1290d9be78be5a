import type { Logger } from 'pino';
import type { CallFamily } from '../children/children.service.ts';
import type { PromptMemory } from '../santa-script/render-prompt.ts';
import type { SantaPromptService } from '../santa-script/santa-prompt.service.ts';

export interface CallContextDeps {
  logger: Logger;
  prompts: Pick<SantaPromptService, 'scriptForCall'>;
  memory: { forCall(userId: string): Promise<PromptMemory[]> };
  children?: { familyForCall(userId: string): Promise<CallFamily | undefined> };
}

/**
 * What prepareCall needs besides the profile, read side by side: the admin's script, the family's
 * other children and what Santa remembers. The browser call and the admin's preview read it here,
 * so the preview cannot drift from what a call is told.
 */
export async function readCallContext(deps: CallContextDeps, userId: string) {
  const [script, family, memories] = await Promise.all([
    deps.prompts.scriptForCall(),
    deps.children?.familyForCall(userId),
    // Santa without his memories is better than no Santa.
    deps.memory.forCall(userId).catch((error: unknown) => {
      deps.logger.error({ err: error, userId }, "could not read Santa's memories");
      return [];
    }),
  ]);
  return { script: script.prompt, family, memories };
}
