import type { ReactElement } from 'react';
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import { renderToStaticMarkup } from 'react-dom/server';
import { Preview } from '@react-email/components';
import { PasswordResetEmail, VerifyEmail, WelcomeEmail } from './account-emails.tsx';
import type { EmailContent, RenderedEmail } from './email-content.ts';
import { createTurnBudget } from './turn-budget.ts';
import { createSlotTemplates, type RenderWay, type SlotTemplateKind } from './slot-templates.ts';
import {
  CallRecapEmail,
  ExportReadyEmail,
  PaymentFailedEmail,
  recapPreview,
  recapWording,
  type CallRecapEmailProps,
} from './family-emails.tsx';
import { ReceiptEmail, RenewalReminderEmail } from './billing-emails.tsx';
import { DiscountRevokedEmail, GiftEmail, PlanCancelledEmail } from './plan-change-emails.tsx';
import { InactivityWarningEmail } from './retention-emails.tsx';
import { GiftDeliveryEmail, GiftReceiptEmail } from './gift-emails.tsx';
import { ListenerInviteEmail } from './listener-emails.tsx';
import { FamilyCodeLockedEmail } from './line-emails.tsx';
import { RecordingLostEmail } from './recording-emails.tsx';
import { CheckoutPaymentFailedEmail, GiftReversedEmail } from './checkout-emails.tsx';

function compose(
  content: Exclude<EmailContent, RecapContent>,
  publicUrl: string,
): { subject: string; element: ReactElement } {
  switch (content.kind) {
    case 'welcome':
      return {
        subject: 'Welcome to Santa Calls! Please confirm your email',
        element: <WelcomeEmail {...content} publicUrl={publicUrl} />,
      };
    case 'verify_email':
      return {
        subject: content.change
          ? 'Confirm your new email address for Santa Calls'
          : 'Confirm your email for Santa Calls',
        element: <VerifyEmail {...content} publicUrl={publicUrl} />,
      };
    case 'password_reset':
      return {
        subject: 'Reset your Santa Calls password',
        element: <PasswordResetEmail {...content} publicUrl={publicUrl} />,
      };
    case 'payment_failed':
      return {
        subject: 'Payment failed: update your card to keep your Santa Calls pass',
        element: <PaymentFailedEmail {...content} publicUrl={publicUrl} />,
      };
    case 'export_ready':
      return {
        subject: "Your family's Santa Calls download is ready",
        element: <ExportReadyEmail {...content} publicUrl={publicUrl} />,
      };
    case 'purchase_receipt':
    case 'renewal_receipt':
    case 'upgrade_receipt':
      return {
        subject:
          content.kind === 'renewal_receipt'
            ? `Receipt: your ${content.planName} renewed (${content.amount})`
            : content.kind === 'upgrade_receipt'
              ? `Receipt: your upgrade to the ${content.planName} (${content.amount})`
              : `Receipt: your ${content.planName} (${content.amount})`,
        element: <ReceiptEmail {...content} publicUrl={publicUrl} />,
      };
    case 'renewal_reminder':
      return {
        subject: `Your ${content.planName} renews on ${content.renewsOn}`,
        element: <RenewalReminderEmail {...content} publicUrl={publicUrl} />,
      };
    case 'plan_gift':
      return {
        subject: `A gift from Santa Calls: ${content.minutes === 1 ? '1 minute' : `${content.minutes} minutes`} of calls`,
        element: <GiftEmail {...content} publicUrl={publicUrl} />,
      };
    case 'discount_revoked':
      return {
        subject: `A change to your ${content.planName}`,
        element: <DiscountRevokedEmail {...content} publicUrl={publicUrl} />,
      };
    case 'inactivity_warning':
      return {
        subject: `Your Santa Calls account will be deleted on ${content.deleteOn}`,
        element: <InactivityWarningEmail {...content} publicUrl={publicUrl} />,
      };
    case 'plan_cancelled':
      return {
        subject: `Your ${content.planName} was cancelled`,
        element: <PlanCancelledEmail {...content} publicUrl={publicUrl} />,
      };
    case 'gift_receipt':
      return {
        subject: `Your gift is on its way on ${content.deliverOn}`,
        element: <GiftReceiptEmail {...content} publicUrl={publicUrl} />,
      };
    case 'gift_delivery':
      return {
        subject: `${content.giverName} sent you a gift: the ${content.planName} from Santa Calls`,
        element: <GiftDeliveryEmail {...content} publicUrl={publicUrl} />,
      };
    case 'gift_reversed':
      return {
        subject: 'Your Santa Calls gift plan has ended',
        element: <GiftReversedEmail {...content} publicUrl={publicUrl} />,
      };
    case 'checkout_payment_failed':
      return {
        subject: `Your payment for the ${content.planName} did not go through`,
        element: <CheckoutPaymentFailedEmail {...content} publicUrl={publicUrl} />,
      };
    case 'recording_lost':
      return {
        subject: 'We could not save the recording of a call with Santa',
        element: <RecordingLostEmail {...content} publicUrl={publicUrl} />,
      };
    case 'family_code_locked':
      return {
        subject: 'Your Santa Calls family code is paused',
        element: <FamilyCodeLockedEmail {...content} publicUrl={publicUrl} />,
      };
    case 'listener_invite':
      return {
        subject: `${content.familyName} invited you to listen to their calls with Santa`,
        element: <ListenerInviteEmail {...content} publicUrl={publicUrl} />,
      };
  }
}

/** The doctype email clients expect (react-email's own). */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * react-email's plain-text conversion, compiled once: converting with fresh options compiles its
 * selectors again on every email, which cost more than the conversion itself.
 */
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * Emails wait for their turn. A batch of after-call jobs sends its recaps together: rendered back
 * to back, 25 of them held the loop for 16 ms in one turn, ahead of every ring (a CPU profile of
 * npm run bench:christmas at 50 calls a second). So each turn of the event loop renders the
 * emails waiting for it for at most 3 ms, then lets the webhooks that arrived meanwhile be
 * answered. A budget rather than one email per turn: on a loaded replica a turn lasts tens of
 * milliseconds, and one email per turn held the after-call jobs behind their recaps (at 100
 * calls a second, three runs each: summary lag p99 0.20–2.6 s with the budget, 3.5–8.9 s without).
 */
const inTurn = createTurnBudget(3);

/**
 * Both parts from one render, so the text never drifts from the HTML. React's synchronous
 * renderer, not react-email's streaming one: the streaming renderer runs inside an
 * AsyncLocalStorage, which on Node 20 switches promise hooks on for the whole process from the
 * first email on, and every webhook's awaits paid for it (our templates never suspend).
 */
export function renderEmail(content: EmailContent, publicUrl: string): Promise<RenderedEmail> {
  return inTurn(() =>
    content.kind === 'call_recap'
      ? renderRecap(recapProps(content, publicUrl))
      : renderComposed(compose(content, publicUrl)),
  );
}

function renderComposed({ subject, element }: { subject: string; element: ReactElement }): RenderedEmail {
  const html = `${DOCTYPE}${renderToStaticMarkup(element)}`;
  return { subject, html, text: toPlainText(html) };
}

type RecapContent = Extract<EmailContent, { kind: 'call_recap' }>;

function recapProps(
  { kind: _kind, minutes, ...content }: RecapContent,
  publicUrl: string,
): CallRecapEmailProps {
  return { ...content, ...recapWording(minutes), publicUrl };
}

function composeRecap(props: CallRecapEmailProps): { subject: string; element: ReactElement } {
  return {
    subject: `${props.kidName ?? 'Your child'} just talked to Santa`,
    element: <CallRecapEmail {...props} />,
  };
}

/** A recap goes out after every call: it is filled into its shape's template (slot-templates.ts). */
export const RECAP_SLOTS: SlotTemplateKind<CallRecapEmailProps> = {
  render: (props) => renderComposed(composeRecap(props)),
  slotted: (props, slot) => ({
    name: slot(props.name),
    kidName: props.kidName === null ? null : slot(props.kidName),
    length: slot(props.length),
    minuteCall: slot(props.minuteCall),
    summary: props.summary ? slot(props.summary) : props.summary,
    recap: props.recap && {
      wishes: props.recap.wishes.map((line) => slot(line)),
      news: props.recap.news.map((line) => slot(line)),
      questions: props.recap.questions.map((line) => slot(line)),
      promises: props.recap.promises.map((line) => slot(line)),
    },
    callsUrl: slot(props.callsUrl),
    preferencesUrl: slot(props.preferencesUrl),
    publicUrl: slot(props.publicUrl),
  }),
  // Its padding depends on the preview's length.
  derived: (props) => [renderToStaticMarkup(<Preview>{recapPreview(props)}</Preview>)],
};
const renderRecap = createSlotTemplates(RECAP_SLOTS);

/** How this process made its recaps so far (filled into a template, a new shape, whole). */
export const recapRenders = (): Readonly<Record<RenderWay, number>> => ({ ...renderRecap.renders });
