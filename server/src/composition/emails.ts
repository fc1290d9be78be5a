import type { AccountTokens } from '../modules/auth/account-tokens.ts';
import { createGiftLinks } from '../modules/gifts/gift-links.ts';
import { createInviteLinks } from '../modules/listeners/invite-links.ts';
import { createExportLinks } from '../modules/privacy/export-links.ts';
import { createEmailService, type EmailService } from '../modules/email/email.service.ts';
import type { AppDeps } from './app-services.ts';

/** Email first: its links are minted from the database alone, so it needs no other service. */
export function buildEmails(deps: AppDeps, accountTokens: AccountTokens): EmailService {
  const { db, config } = deps;
  const exportLinks = createExportLinks(db, config.publicUrl);
  const giftLinks = createGiftLinks(db, config.publicUrl);
  const inviteLinks = createInviteLinks(db, config.publicUrl);
  return createEmailService({
    db,
    mailer: deps.providers.mailer,
    jobs: deps.jobs,
    links: {
      passwordResetUrl: (userId) => accountTokens.passwordResetUrl(userId),
      verifyEmailUrl: (userId, email) => accountTokens.verifyEmailUrl(userId, email),
      exportDownloadUrl: (exportId) => exportLinks.downloadLink(exportId),
      giftRedeemLink: (giftId) => giftLinks.redeemLink(giftId),
      listenerInviteLink: (inviteId) => inviteLinks.inviteLink(inviteId),
    },
    publicUrl: config.publicUrl,
    logger: deps.logger,
  });
}
