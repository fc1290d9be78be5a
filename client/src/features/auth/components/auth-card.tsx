import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Form } from '@/components/form/form';
import { EmailField, FormTextField, NEW_PASSWORD_HINT, PasswordField } from '@/components/form/text-fields';
import { formSchema, toastFirstError, useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { requestErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSignIn } from '../api/sign-in';
import { afterSignInPath, intentFromSearch } from '../intent';
import { GoogleSignInButton } from './google-sign-in-button';

type Mode = 'signin' | 'signup';

const copy = {
  signin: {
    title: 'Welcome Back',
    subtitle: 'Sign in to your account',
    submit: 'Sign In',
    toggle: "Don't have an account? Sign up",
    success: 'Login successful!',
  },
  signup: {
    title: 'Create Account',
    subtitle: 'Join Santa Calls and set up a magical call for your child',
    submit: 'Create Account',
    toggle: 'Already have an account? Sign in',
    success: 'Account created successfully!',
  },
} as const;

type SignInInput = Parameters<ReturnType<typeof useSignIn>['mutateAsync']>[0];
type AuthFields = { name: string; email: string; password: string };

/**
 * The server's own schema for the mode, so a bad input costs no request. It loads on the first
 * submit: the prerendered sign-in page paints without the validation library.
 */
async function authSchema(mode: Mode): Promise<z.ZodType<SignInInput, AuthFields>> {
  const { loginRequestSchema, registerRequestSchema } = await import('@santa/shared/auth');
  return mode === 'signin'
    ? formSchema<AuthFields>()(loginRequestSchema.transform((body) => ({ mode, body })))
    : formSchema<AuthFields>()(registerRequestSchema.transform((body) => ({ mode, body })));
}

/** The card's heading, with the promise of the sample call to a parent who came for it. */
function AuthHeading({ mode, intent }: { mode: Mode; intent: ReturnType<typeof intentFromSearch> }) {
  return (
    <div className="text-center">
      <h1 className="font-display text-3xl font-bold text-santa-700">{copy[mode].title}</h1>
      <p className="mt-2 text-gray-700">{copy[mode].subtitle}</p>
      {intent === 'sample' ? (
        <p className="mt-4 rounded-xl bg-pine-50 px-4 py-3 text-sm font-semibold text-pine-700">
          Your free 1-minute sample call with Santa is next: two minutes of setup after this.
        </p>
      ) : null}
    </div>
  );
}

function OrWithEmail() {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-gray-600">
      <span aria-hidden="true" className="h-px flex-1 bg-gray-200" />
      or with email
      <span aria-hidden="true" className="h-px flex-1 bg-gray-200" />
    </div>
  );
}

const termsLinkClass = 'font-semibold text-santa-700 underline underline-offset-4';

function SignUpTerms() {
  return (
    <p className="text-center text-sm text-gray-600">
      By creating an account you accept our{' '}
      <Link to={paths.terms} className={termsLinkClass}>
        terms
      </Link>
      . Our{' '}
      <Link to={paths.privacy} className={termsLinkClass}>
        privacy notice
      </Link>{' '}
      says what we keep about your child; we ask you to agree to it before any call.
    </p>
  );
}

/** Spec §2 Auth: one card toggling between sign-in (the default) and sign-up. */
export function AuthCard() {
  const { search } = useLocation();
  // "Start Free Sample Call" opens sign-up: a new parent has no account to sign in to.
  const [mode, setMode] = useState<Mode>(() =>
    new URLSearchParams(search).get('mode') === 'signup' ? 'signup' : 'signin',
  );
  const intent = intentFromSearch(search);
  const form = useZodForm(() => authSchema(mode), {
    defaultValues: { name: '', email: '', password: '' },
  });
  const signIn = useSignIn();
  const navigate = useNavigate();
  const text = copy[mode];
  const isSubmitting = signIn.isPending;

  async function submit(input: SignInInput) {
    try {
      const { user } = await signIn.mutateAsync(input);
      toast.success(text.success);
      void navigate(afterSignInPath(user, intent, search), { replace: true });
    } catch (error) {
      toast.error(requestErrorMessage(error));
    }
  }

  return (
    <Card className="w-full max-w-md p-6 sm:p-8">
      <AuthHeading mode={mode} intent={intent} />

      <div className="mt-6">
        <GoogleSignInButton disabled={isSubmitting} intent={intent} />
      </div>

      <OrWithEmail />

      <Form form={form} onSubmit={submit} onInvalid={toastFirstError} className="flex flex-col gap-4">
        {mode === 'signup' ? (
          <FormTextField form={form} name="name" label="Name" autoComplete="name" required />
        ) : null}
        <EmailField form={form} name="email" required />
        <PasswordField
          form={form}
          name="password"
          label="Password"
          purpose={mode === 'signin' ? 'current' : 'new'}
          required
          hint={mode === 'signup' ? NEW_PASSWORD_HINT : undefined}
        />
        {mode === 'signin' ? (
          <Link
            to={paths.forgotPassword}
            className="-my-2 inline-flex min-h-tap items-center self-end rounded text-sm font-semibold text-santa-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink"
          >
            Forgot password?
          </Link>
        ) : null}
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Processing...' : text.submit}
        </Button>
        {mode === 'signup' ? <SignUpTerms /> : null}
      </Form>

      <p className="mt-6 text-center">
        <button
          type="button"
          className="inline-flex min-h-tap items-center rounded font-semibold text-santa-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink"
          onClick={() => {
            form.clearErrors();
            setMode(mode === 'signin' ? 'signup' : 'signin');
          }}
          disabled={isSubmitting}
        >
          {text.toggle}
        </button>
      </p>
    </Card>
  );
}
