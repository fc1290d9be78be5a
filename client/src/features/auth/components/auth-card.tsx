import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { PASSWORD_MIN_LENGTH } from '@santa/shared/password';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextField } from '@/components/text-field';
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

/**
 * Checks the form with the server's own schemas, so a bad input costs no request. They load on
 * the first submit: the prerendered sign-in page paints without the validation library.
 */
async function buildRequest(
  mode: Mode,
  fields: { name: string; email: string; password: string },
): Promise<{ input: SignInInput } | { error: string }> {
  const { loginRequestSchema, registerRequestSchema } = await import('@santa/shared/auth');
  if (mode === 'signin') {
    const result = loginRequestSchema.safeParse(fields);
    return result.success
      ? { input: { mode, body: result.data } }
      : { error: result.error.issues[0]?.message ?? 'Please check your email and password' };
  }
  const result = registerRequestSchema.safeParse(fields);
  return result.success
    ? { input: { mode, body: result.data } }
    : { error: result.error.issues[0]?.message ?? 'Please check the form' };
}

/** Spec §2 Auth: one card toggling between sign-in (the default) and sign-up. */
export function AuthCard() {
  const { search } = useLocation();
  // "Start Free Sample Call" opens sign-up: a new parent has no account to sign in to.
  const [mode, setMode] = useState<Mode>(() =>
    new URLSearchParams(search).get('mode') === 'signup' ? 'signup' : 'signin',
  );
  const intent = intentFromSearch(search);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const navigate = useNavigate();
  const text = copy[mode];
  const isSubmitting = signIn.isPending;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = await buildRequest(mode, { name, email, password });
    if ('error' in request) {
      toast.error(request.error);
      return;
    }
    try {
      const { user } = await signIn.mutateAsync(request.input);
      toast.success(text.success);
      void navigate(afterSignInPath(user, intent, search), { replace: true });
    } catch (error) {
      toast.error(requestErrorMessage(error));
    }
  }

  return (
    <Card className="w-full max-w-md p-6 sm:p-8">
      <div className="text-center">
        <h1 className="font-display text-3xl font-bold text-santa-700">{text.title}</h1>
        <p className="mt-2 text-gray-700">{text.subtitle}</p>
        {intent === 'sample' ? (
          <p className="mt-4 rounded-xl bg-pine-50 px-4 py-3 text-sm font-semibold text-pine-700">
            Your free 1-minute sample call with Santa is next: two minutes of setup after this.
          </p>
        ) : null}
      </div>

      <div className="mt-6">
        <GoogleSignInButton disabled={isSubmitting} intent={intent} />
      </div>

      <div className="my-6 flex items-center gap-3 text-sm text-gray-600">
        <span aria-hidden="true" className="h-px flex-1 bg-gray-200" />
        or with email
        <span aria-hidden="true" className="h-px flex-1 bg-gray-200" />
      </div>

      <form className="flex flex-col gap-4" onSubmit={handleSubmit}>
        {mode === 'signup' ? (
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
          required
          hint={mode === 'signup' ? `At least ${PASSWORD_MIN_LENGTH} characters` : undefined}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {mode === 'signin' ? (
          <Link
            to={paths.forgotPassword}
            className="-mt-2 self-end rounded text-sm font-semibold text-santa-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink"
          >
            Forgot password?
          </Link>
        ) : null}
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Processing...' : text.submit}
        </Button>
        {mode === 'signup' ? (
          <p className="text-center text-sm text-gray-600">
            By creating an account you accept our{' '}
            <Link to={paths.terms} className="font-semibold text-santa-700 underline underline-offset-4">
              terms
            </Link>
            . Our{' '}
            <Link to={paths.privacy} className="font-semibold text-santa-700 underline underline-offset-4">
              privacy notice
            </Link>{' '}
            says what we keep about your child; we ask you to agree to it before any call.
          </p>
        ) : null}
      </form>

      <p className="mt-6 text-center">
        <button
          type="button"
          className="rounded font-semibold text-santa-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink"
          onClick={() => setMode(mode === 'signin' ? 'signup' : 'signin')}
          disabled={isSubmitting}
        >
          {text.toggle}
        </button>
      </p>
    </Card>
  );
}
