import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { waitForHydration } from './helpers';
import { bearer } from './shop-helpers';

export interface Drawn {
  id: string;
  prompt: string;
  imageUrl: string;
  thumbnailsUrl: string;
}

/** Draws through the API and waits for status 10 (the offline renderer takes a few seconds). */
export async function drawViaApi(
  request: APIRequestContext,
  token: string,
  body: { prompt: string; drawPublicFlag?: number; drawRate?: string; drawSteps?: number; drawQuality?: number },
): Promise<Drawn> {
  const res = await request.post('/api/sd/submit/imagine', {
    data: { drawRate: '1:1', ...body },
    headers: bearer(token),
  });
  const submitted = await res.json();
  expect(submitted.code, JSON.stringify(submitted)).toBe(1000000);
  const id: string = submitted.mjChatMessage.id;
  let done: Drawn | undefined;
  await expect
    .poll(
      async () => {
        const task = await (await request.post('/api/sd/task', { data: { id }, headers: bearer(token) })).json();
        if (task.data.status === 10) done = task.data;
        return task.data.status;
      },
      // Every 250 ms rather than the default's climb to once a second: a drawing takes a few seconds.
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(10);
  if (!done) throw new Error('not drawn');
  return done;
}

export async function openDraw(page: Page, path = '/draw'): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: '生成图片' })).toBeVisible();
}

export const promptBox = (page: Page) => page.getByRole('textbox', { name: '提示词', exact: true });
export const progressBar = (page: Page) => page.getByRole('progressbar', { name: '进度' });
export const worksTab = (page: Page, name: '我的作品' | '公共画廊') => page.getByRole('tab', { name });
export const cards = (page: Page) => page.getByRole('tabpanel').locator('[data-picture]');
