import type { TestApp } from '../fixtures/test-app';

/** Signs up a new account and returns its bearer token (admin@rossy.ng becomes the administrator). */
export async function signUpAs(test: TestApp, email: string, name = 'Ada Obi'): Promise<string> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: { name, email, password: 'Sturdy-Pass-2026' },
  });
  if (response.statusCode !== 201 && response.statusCode !== 200)
    throw new Error(`sign-up of ${email} answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { token: string }).token;
}
