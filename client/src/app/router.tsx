import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { paths } from '@/lib/paths';
import { RedirectIfSignedIn, RequireUser } from './guards';
import { RootLayout } from './root-layout';
import { AccountRoute } from './routes/account';
import { AuthRoute } from './routes/auth';
import { CallsRoute } from './routes/calls';
import { DashboardRoute } from './routes/dashboard';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { ResetPasswordRoute } from './routes/reset-password';
import { VerifyEmailRoute } from './routes/verify-email';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { PricingRoute } from './routes/pricing';
import { SantaSafetyRoute } from './routes/santa-safety';
import { SetupProfileRoute } from './routes/setup-profile';
import { WelcomeRoute } from './routes/welcome';

// The admin panel is its own chunk: parents never download it.
const AdminRoute = lazy(() => import('./routes/admin'));
const AdminCouponsRoute = lazy(() => import('./routes/admin-coupons'));

export const router = createBrowserRouter([
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
      {
        path: paths.setupProfile,
        element: (
          <RequireUser>
            <SetupProfileRoute />
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
]);
