import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'gold' | 'outline' | 'ghost' | 'light';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

// The focus ring must stand out against the surface around the button, so it is part of the variant.
const variants: Record<ButtonVariant, string> = {
  primary: 'bg-santa-600 text-white shadow-sm hover:bg-santa-700 focus-visible:outline-ink',
  secondary: 'bg-pine-600 text-white shadow-sm hover:bg-pine-700 focus-visible:outline-ink',
  gold: 'bg-gold-400 text-ink shadow-sm hover:bg-amber-300 focus-visible:outline-white',
  outline: 'border-2 border-santa-600 bg-white text-santa-700 hover:bg-santa-50 focus-visible:outline-ink',
  ghost: 'text-santa-700 hover:bg-santa-50 focus-visible:outline-ink',
  light: 'bg-white text-santa-700 shadow-sm hover:bg-santa-50 focus-visible:outline-gold-400',
};

// Every size is at least 44 px tall: a thumb on a phone must not miss it.
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-tap px-4 py-1.5 text-sm',
  md: 'min-h-tap px-5 py-2.5 text-base',
  lg: 'min-h-14 px-7 py-3.5 text-lg',
};

/** The class list of a button, for elements that are neither Button nor ButtonLink. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = '') {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A styled <button>; type defaults to "button" so it never submits a form by accident. */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & StyleProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...rest} />;
}

/** A router link that looks like a button (navigation, not an action). */
export function ButtonLink({
  variant,
  size,
  className,
  children,
  ...rest
}: LinkProps & StyleProps & { children: ReactNode }) {
  return (
    <Link className={buttonClasses(variant, size, className)} {...rest}>
      {children}
    </Link>
  );
}
