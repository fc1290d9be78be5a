import { lazy, type ComponentType, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { RootLayout } from './root-layout';

/**
 * Every page is its own chunk, so the landing page downloads only itself and parents never
 * download the admin panel; the route files keep their named exports.
 */
function page<M>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<{ children?: ReactNode }> }));
}

// The guards read the signed-in user through the query cache, which the landing page does without.
const RequireUser = page(() => import('./guards'), 'RequireUser');
const RedirectIfSignedIn = page(() => import('./guards'), 'RedirectIfSignedIn');

const AccountRoute = page(() => import('./routes/account'), 'AccountRoute');
const AccountPrivacyRoute = page(() => import('./routes/account-privacy'), 'AccountPrivacyRoute');
const AuthRoute = page(() => import('./routes/auth'), 'AuthRoute');
const CallsRoute = page(() => import('./routes/calls'), 'CallsRoute');
const TalkRoute = page(() => import('./routes/talk'), 'TalkRoute');
const ChildrenRoute = page(() => import('./routes/children'), 'ChildrenRoute');
const SantaCallsRoute = page(() => import('./routes/santa-calls'), 'SantaCallsRoute');
const FamilyRoute = page(() => import('./routes/family'), 'FamilyRoute');
const DashboardRoute = page(() => import('./routes/dashboard'), 'DashboardRoute');
const ForgotPasswordRoute = page(() => import('./routes/forgot-password'), 'ForgotPasswordRoute');
const ResetPasswordRoute = page(() => import('./routes/reset-password'), 'ResetPasswordRoute');
const VerifyEmailRoute = page(() => import('./routes/verify-email'), 'VerifyEmailRoute');
const KeepsakeRoute = page(() => import('./routes/keepsake'), 'KeepsakeRoute');
const GiftRoute = page(() => import('./routes/gift'), 'GiftRoute');
const RedeemGiftRoute = page(() => import('./routes/redeem-gift'), 'RedeemGiftRoute');
const ListenRoute = page(() => import('./routes/listen'), 'ListenRoute');
const ListeningRoute = page(() => import('./routes/listening'), 'ListeningRoute');
const LandingRoute = page(() => import('./routes/landing'), 'LandingRoute');
const NotFoundRoute = page(() => import('./routes/not-found'), 'NotFoundRoute');
const PricingRoute = page(() => import('./routes/pricing'), 'PricingRoute');
const PrivacyRoute = page(() => import('./routes/privacy'), 'PrivacyRoute');
const TermsRoute = page(() => import('./routes/terms'), 'TermsRoute');
const SantaSafetyRoute = page(() => import('./routes/santa-safety'), 'SantaSafetyRoute');
const SetupProfileRoute = page(() => import('./routes/setup-profile'), 'SetupProfileRoute');
const WelcomeRoute = page(() => import('./routes/welcome'), 'WelcomeRoute');
/**
 * A signed-in page opened directly (a bookmark, a reload, a link in an email) fetches its chunk and
 * the guard's at once, beside the request asking who is signed in, instead of one after the other.
 */
const SIGNED_IN_FIRST_PAGES: Record<string, () => Promise<{ prefetchPageData?: () => void } | object>> = {
  [paths.dashboard]: () => import('./routes/dashboard'),
  [paths.calls]: () => import('./routes/calls'),
  [paths.account]: () => import('./routes/account'),
};
const firstPage = typeof window === 'undefined' ? undefined : SIGNED_IN_FIRST_PAGES[window.location.pathname];
if (firstPage)
  void Promise.all([import('./guards').then((guards) => guards.prefetchUser()), firstPage()])
    .then(([signedIn, module]) => {
      // A page that knows what it will ask for asks now, beside its own rendering.
      if (signedIn && 'prefetchPageData' in module) module.prefetchPageData?.();
    })
    .catch(() => undefined);

const AdminRoute = lazy(() => import('./routes/admin'));
const AdminCouponsRoute = lazy(() => import('./routes/admin-coupons'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.landing, element: <LandingRoute /> },
      {
        path: paths.auth,
        element: (
          <RedirectIfSignedIn>
            <AuthRoute />
          </RedirectIfSignedIn>
        ),
      },
      {
        path: paths.forgotPassword,
        element: (
          <RedirectIfSignedIn>
            <ForgotPasswordRoute />
          </RedirectIfSignedIn>
        ),
      },
      // Both open from an email, signed in or not: the link's token is the proof.
      { path: paths.resetPassword, element: <ResetPasswordRoute /> },
      { path: paths.verifyEmail, element: <VerifyEmailRoute /> },
      // Anyone with the link, signed in or not.
      { path: paths.keepsake, element: <KeepsakeRoute /> },
      // Anyone may give a gift; the redeem page asks the recipient to sign in before redeeming.
      { path: paths.gift, element: <GiftRoute /> },
      { path: paths.redeemGift, element: <RedeemGiftRoute /> },
      // An invitation to listen: the page asks the invitee to sign in before accepting.
      { path: paths.listen, element: <ListenRoute /> },
      {
        path: paths.listening,
        element: (
          <RequireUser>
            <ListeningRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.dashboard,
        element: (
          <RequireUser>
            <DashboardRoute />
          </RequireUser>
        ),
      },
      { path: paths.pricing, element: <PricingRoute /> },
      { path: paths.santaSafety, element: <SantaSafetyRoute /> },
      { path: paths.privacy, element: <PrivacyRoute /> },
      { path: paths.terms, element: <TermsRoute /> },
      {
        path: paths.accountPrivacy,
        element: (
          <RequireUser>
            <AccountPrivacyRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.setupProfile,
        element: (
          <RequireUser>
            <SetupProfileRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.talk,
        element: (
          <RequireUser>
            <TalkRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.children,
        element: (
          <RequireUser>
            <ChildrenRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.santaCalls,
        element: (
          <RequireUser>
            <SantaCallsRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.family,
        element: (
          <RequireUser>
            <FamilyRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.welcome,
        element: (
          <RequireUser>
            <WelcomeRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.calls,
        element: (
          <RequireUser>
            <CallsRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.account,
        element: (
          <RequireUser>
            <AccountRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.admin,
        element: (
          <RequireUser>
            <AdminRoute />
          </RequireUser>
        ),
      },
      // Spec §2: no guard at the route; the page checks access itself.
      { path: paths.adminCoupons, element: <AdminCouponsRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/** The page for the current URL, under a browser router (main.tsx) or a static one (prerender). */
export function AppRoutes() {
  return useRoutes(routes);
}
