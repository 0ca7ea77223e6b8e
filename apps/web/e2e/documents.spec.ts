import { accounts, expect, signIn, test } from './fixtures';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The smallest PDF with a page, with a script that would run when it is opened. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    '4 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n'),
);

test('the admin opens an image document in a tab and downloads a PDF one', async ({ page }) => {
  const username = `docs_${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/auth/performers/register', {
    multipart: {
      name: 'Dora Documents',
      username,
      email: `${username}@example.test`,
      password: 'dora-password-1',
      gender: 'female',
      dateOfBirth: '1990-01-01',
      ageConfirmed: 'true',
      termsAccepted: 'true',
      idVerification: { name: 'id.png', mimeType: 'image/png', buffer: PNG },
      documentVerification: { name: 'selfie.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await signIn(page, accounts.admin);
  await page.goto(`/admin/creators?q=${username}`);
  const row = page.getByRole('row').filter({ hasText: username });
  const image = row.getByRole('link', { name: 'ID', exact: true });
  await expect(image).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.waitForEvent('popup'), image.click()]);
  await expect.poll(() => tab.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBeGreaterThan(0);
  await tab.close();

  const pdf = row.getByRole('link', { name: 'Selfie (PDF)' });
  const [download] = await Promise.all([page.waitForEvent('download'), pdf.click()]);
  expect(download.suggestedFilename()).toMatch(/^document-[0-9a-f-]+\.pdf$/);
});
