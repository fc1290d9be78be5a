/** Who an account is: a parent, or the one admin. */
export type Role = 'parent' | 'admin';

/** The signed-in user a request carries (req.user): set by the auth module, read by every route. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  picture: string | null;
  google_id: string | null;
  role: Role;
  /** The address was proven by an emailed link or by Google. */
  email_verified: boolean;
  has_password: boolean;
}
