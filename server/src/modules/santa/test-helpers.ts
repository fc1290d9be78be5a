import type { TestClient } from '../../../test/test-app.ts';

/** Posts the profile form as a browser would: multipart/form-data, every value a string. */
export function postProfile(client: TestClient, fields: Record<string, string>) {
  const req = client.post('/api/santa/kid-profile');
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  // An empty form still goes out as multipart.
  if (Object.keys(fields).length === 0) req.type('multipart/form-data; boundary=x').send('--x--\r\n');
  return req;
}

let phoneCounter = 0;
/** A valid US number, different on every call (each test file has its own database). */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `+1415555${String(3000 + phoneCounter).padStart(4, '0')}`;
}

export const validProfile = (overrides: Record<string, string> = {}) => ({
  parent_phone: uniquePhone(),
  kid_name: 'Emma',
  ...overrides,
});
