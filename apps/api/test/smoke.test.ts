import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { registerPerformer } from './factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('boots', async () => {
  const response = await app.inject('/api/health');
  expect(response.json()).toMatchObject({ status: 'ok' });
  await registerPerformer(app);
});
