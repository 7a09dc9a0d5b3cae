// Proves the journal editor at 375 px (docs/breakpoints.md "Grids"): the lines are cards a finger and a keyboard can use,
// Enter in a card's description adds the next card with the focus in its account, Add line and the remove buttons work,
// the live difference stays in view at the bottom of the screen, and the page does not scroll sideways.
/// <reference lib="dom" />
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, ensureAdmin, signInThroughUi } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

/** Types into a card's account picker and takes the option the search made active with Enter. */
async function pickAccount(page: Page, card: Locator, code: string): Promise<void> {
  const picker = card.getByLabel('Account', { exact: true });
  await picker.click();
  await page.keyboard.type(code);
  // This picker's own dropdown (its listbox is `<id>_list`): another card's may still be closing on a slow machine.
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${await picker.getAttribute('id')}_list"]`) });
  await expect(dropdown.locator('.ant-select-item-option-active').filter({ hasText: code })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(card.locator('[data-col="account"] .ant-select')).toContainText(code);
}

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
});

test('at 375 px a journal is entered on cards with the difference in view', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/journal');
  const list = page.getByRole('list', { name: 'Journal lines' });
  await expect(list).toBeVisible();
  await expect(page.getByRole('table', { name: 'Journal lines' })).toHaveCount(0);
  const cards = list.getByRole('listitem');
  await expect(cards).toHaveCount(2);
  const difference = page.locator('[data-testid^="totals-"]').first().getByTestId('total-difference');

  await pickAccount(page, cards.nth(0), '6100');
  await cards.nth(0).getByLabel('Debit').fill('150');
  await pickAccount(page, cards.nth(1), '1020');
  await cards.nth(1).getByLabel('Credit').fill('100');
  await expect(difference).toHaveText('50.00');
  await expect(difference).toHaveClass(/error/);

  // Enter in the last main field of a card adds the next card, the focus in its account.
  await cards.nth(1).getByLabel('Description').fill('Bank transfer');
  await cards.nth(1).getByLabel('Description').press('Enter');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(2).getByLabel('Account', { exact: true })).toBeFocused();
  await pickAccount(page, cards.nth(2), '1020');
  await cards.nth(2).getByLabel('Credit').fill('50');
  await expect(difference).toHaveText('0.00');
  await expect(difference).toHaveClass(/success/);

  // Add line by touch, then remove it by its button.
  await page.getByRole('button', { name: 'Add line' }).click();
  await expect(cards).toHaveCount(4);
  await cards.nth(3).getByRole('button', { name: 'Remove line 4' }).click();
  await expect(cards).toHaveCount(3);

  // Currency and rate behind More.
  const more = cards.nth(0).getByRole('button', { name: /^More/ });
  await more.click();
  await expect(cards.nth(0).getByLabel('Currency')).toBeVisible();

  // The difference stays in view while the first card is at the top of the screen, and nothing scrolls sideways.
  await cards.nth(0).scrollIntoViewIfNeeded();
  const box = (await difference.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(812);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
