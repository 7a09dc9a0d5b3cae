// Helpers of the journeys that set up their data through the API and drive antd's pickers.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { authHeaders, clickInPopup, type SignedIn } from './bootstrap';

/** An API call that must answer 200, its JSON body. */
export async function apiJson<T>(request: APIRequestContext, user: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<T> {
  const response = await request.fetch(url, { method, headers: authHeaders(user), ...(data === undefined ? {} : { data }) });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Types into an antd select and picks the option matching `option`, retried while the lookup loads. */
export async function chooseOption(page: Page, combobox: Locator, typed: string, option: string | RegExp): Promise<void> {
  await expect(async () => {
    await combobox.click();
    await combobox.fill(typed);
    await clickInPopup(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first(), 3_000);
  }).toPass({ timeout: 45_000 });
}
