import type { User } from '@santa/shared/auth';
import type { SessionUser } from './auth.service.ts';

export function presentUser(user: SessionUser): User {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.email_verified,
    has_password: user.has_password,
    name: user.name,
    picture: user.picture,
    google_id: user.google_id,
    is_admin: user.role === 'admin',
  };
}
