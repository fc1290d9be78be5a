import { paths } from '@/lib/paths';

export interface PageMeta {
  title: string;
  description: string;
}

/**
 * The public pages' titles and descriptions: written into their prerendered HTML (with the
 * Open Graph tags that link previews read) and kept in the tab as the visitor moves between them.
 */
export const publicPages: Record<string, PageMeta> = {
  [paths.landing]: {
    title: 'Santa Calls',
    description:
      'Your child calls Santa, and Santa already knows their name, their wish list and how good they have been. Try a free 1-minute sample call.',
  },
  [paths.pricing]: {
    title: 'Pricing — Santa Calls',
    description:
      'A free 1-minute sample call, one magical call, or a Santa line for the whole season. Pick the plan that fits your family’s holidays.',
  },
  [paths.auth]: {
    title: 'Sign in — Santa Calls',
    description: 'Sign in or create an account to set up your child’s call with Santa.',
  },
};
