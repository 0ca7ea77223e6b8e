import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, newFan, test } from './fixtures';

/** Fills the open address form and saves it. */
async function fillAddress(page: Page, address: { name: string; street: string; city: string; country: string }, save: string) {
  await page.getByLabel('Full name').fill(address.name);
  await page.getByLabel('Phone').fill('+44 20 7946 0000');
  await page.getByLabel('Street and number').fill(address.street);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('Postal code').fill('EC3M 7AA');
  await page.getByLabel('Country').fill(address.country);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: save }).click();
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 800 }],
] as const) {
  test(`a fan keeps an address book: add, edit, make default and delete (${device})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const fan = await newFan(page.request);
    await logIn(page, fan.username, { password: fan.password });
    // Reached from the fan's menu (the drawer on a phone), under Account.
    if (device === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('menuitem', { name: 'Addresses' }).click();
    } else {
      await page.locator('.site-nav').getByRole('menuitem', { name: 'Account' }).hover();
      await page.getByRole('menuitem', { name: 'Addresses' }).click();
    }
    await expect(page).toHaveURL(/\/user\/addresses$/);
    await expect(page.getByRole('heading', { name: 'Addresses' })).toBeVisible();
    await expect(page.getByText('No address yet.')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add address' }).click();
    await fillAddress(page, { name: 'Home Fan', street: '1 Lime Street', city: 'London', country: 'United King' }, 'Add address');
    await expect(page.getByText('Address added')).toBeVisible();
    const home = page.getByRole('group', { name: 'Address of Home Fan, 1 Lime Street' });
    await expect(home.getByText('Default', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add address' }).click();
    await fillAddress(page, { name: 'Work Fan', street: '9 Quay Road', city: 'Dublin', country: 'Irel' }, 'Add address');
    const work = page.getByRole('group', { name: 'Address of Work Fan, 9 Quay Road' });
    await expect(work).toBeVisible();
    await expect(work.getByText('Default', { exact: true })).toHaveCount(0);

    // Edit in place.
    await work.getByRole('button', { name: 'Edit the address of Work Fan, 9 Quay Road' }).click();
    await page.getByLabel('Street and number').fill('10 Quay Road');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address saved')).toBeVisible();
    const moved = page.getByRole('group', { name: 'Address of Work Fan, 10 Quay Road' });
    await expect(moved).toBeVisible();

    // Make it the default: the default tag moves, and it is listed first.
    await moved.getByRole('button', { name: 'Make the address of Work Fan, 10 Quay Road the default' }).click();
    await expect(page.getByText('Default address changed')).toBeVisible();
    await expect(moved.getByText('Default', { exact: true })).toBeVisible();
    await expect(home.getByText('Default', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('group').first()).toHaveAccessibleName('Address of Work Fan, 10 Quay Road');
    await expectAccessible(page);

    // Deleting the default passes it to the address left.
    await moved.getByRole('button', { name: 'Delete the address of Work Fan, 10 Quay Road' }).click();
    await page.getByRole('button', { name: 'Delete address' }).click();
    await expect(page.getByText('Address deleted')).toBeVisible();
    await expect(moved).toHaveCount(0);
    await expect(home.getByText('Default', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('group', { name: /^Address of / })).toHaveCount(1);
  });
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 800 }],
] as const) {
  test(`a fan blocks countries: creators from there leave their search; blocking a followed creator ends the follow; the table keeps its search in the URL (${device})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const fan = await newFan(page.request);
    await logIn(page, fan.username, { password: fan.password });

    // Follow Leo, then block him: the page says Follow again at once, and after a reload.
    await page.goto('/leohart');
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
    await page.getByRole('button', { name: 'Block Leo Hart' }).click();
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(page.getByText('Leo Hart is blocked')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();

    // The fan's page speaks of creators, in the fan's words.
    await page.goto('/user/blocked');
    await expect(page.getByRole('heading', { name: 'Blocked creators' })).toBeVisible();
    await expect(page.getByText('Creators you blocked no longer appear in your search')).toBeVisible();
    await expect(page.getByRole('row', { name: /Leo Hart/ })).toBeVisible();
    // The search is kept in the URL: a reload shows the same search and its answer.
    await page.getByLabel('Search blocked creators').fill('nobody-by-this-name');
    await page.getByLabel('Search blocked creators').press('Enter');
    await expect(page).toHaveURL(/q=nobody-by-this-name/);
    await page.reload();
    await expect(page.getByLabel('Search blocked creators')).toHaveValue('nobody-by-this-name');
    await expect(page.getByText('No one you blocked matches this search.')).toBeVisible();

    // Ava Stone's profile says she is in the United States: block it, and she leaves the fan's search.
    const avaCard = page.getByTestId('performer-card').filter({ hasText: 'Ava Stone' });
    await page.goto('/explore?q=ava');
    await expect(avaCard).toBeVisible();
    await page.goto('/user/blocked');
    await expect(page.getByText('Creators from these countries no longer appear')).toBeVisible();
    await page.getByRole('combobox', { name: 'Blocked countries' }).fill('United States');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('1 country blocked')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/explore?q=ava');
    // The search has answered (its count is shown), without her.
    await expect(page.getByRole('heading', { name: /^\d+ creators?$/ })).toBeVisible();
    await expect(avaCard).toHaveCount(0);
  });
}
