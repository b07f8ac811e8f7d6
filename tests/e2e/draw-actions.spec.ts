import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { axeFindings } from './crawl-helpers';
import { cards, openDraw, progressBar, promptBox } from './draw-helpers';
import { waitForHydration } from './helpers';
import { bearer, logIn, newAccount } from './shop-helpers';

/**
 * A finished picture's actions, each a new task: the image chat's Midjourney buttons (U/V on a grid;
 * vary, region, zoom, pan on a single picture) with the Custom Zoom dialog and the mask editor, and
 * /draw's viewer. Axe runs on the buttons and both dialogs at a laptop's and a phone's width.
 */
const GRID = [
  ...['放大 U1', '放大 U2', '放大 U3', '放大 U4'],
  ...['变体 V1', '变体 V2', '变体 V3', '变体 V4'],
  '重新生成',
];
const SINGLE = ['强变化', '弱变化', '局部重绘', '缩小 2 倍', '缩小 1.5 倍', '自定义缩放', '向左扩展', '向右扩展'];
const PHONE = { width: 390, height: 844 };

/** The buttons under the n-th finished picture of the conversation. */
const actionsOf = (page: Page, n: number) => page.locator('[data-mj-messages] [data-draw-actions]').nth(n);

async function expectButtons(group: Locator, names: string[]): Promise<void> {
  for (const name of names) await expect(group.getByRole('button', { name, exact: true })).toBeVisible();
}

/** Presses a button and waits for the n-th picture of the conversation (pictures count from 1). */
async function press(page: Page, group: Locator, name: string, pictures: number): Promise<void> {
  await group.getByRole('button', { name, exact: true }).click();
  await expect(page.locator('[data-mj-messages] [data-mj-image]')).toHaveCount(pictures, { timeout: 30_000 });
  await expect(actionsOf(page, pictures - 1)).toBeVisible();
}

// Private pictures: the public galleries other specs measure (draw-grid) keep only the pictures they expect.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('drawPublicFlag', '2'));
});

async function axeClean(page: Page, where: string): Promise<void> {
  expect(await axeFindings(page, where)).toEqual([]);
}

test('image chat: U2, zoom out, Vary (Region) with the mask, Custom Zoom and a pan, each a new reply', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Axe reads the dialogs as they stand, not halfway through their fade-in (the suite asks for less motion).
  const token = await newAccount(request, 'mjact');
  await logIn(page, token);
  await page.goto('/midjourney');
  await waitForHydration(page);
  const prompt = '动作测试 湖边小屋';
  await page.getByRole('textbox', { name: '提示词' }).fill(prompt);
  await page.getByRole('textbox', { name: '提示词' }).press('Enter');
  const messages = page.locator('[data-mj-messages]');
  await expect(messages.locator('[data-mj-image]')).toHaveCount(1, { timeout: 30_000 });
  const grid = actionsOf(page, 0);
  await expectButtons(grid, GRID);
  await expect(grid.getByRole('button', { name: '局部重绘' })).toHaveCount(0);
  await axeClean(page, 'image chat grid');

  // U2: the asking side names the button; the new reply is a single picture with its own buttons.
  await grid.getByRole('button', { name: '放大 U2', exact: true }).click();
  await expect(messages.getByText(`放大 U2 · ${prompt}`)).toBeVisible();
  // One task at a time: every button waits while it runs.
  await expect(grid.getByRole('button', { name: '放大 U1', exact: true })).toBeDisabled();
  await expect(messages.locator('[data-mj-image]')).toHaveCount(2, { timeout: 30_000 });
  const single = actionsOf(page, 1);
  await expectButtons(single, SINGLE);
  await expect(single.getByRole('button', { name: '放大 U1' })).toHaveCount(0);
  await expect(grid.getByRole('button', { name: '放大 U1', exact: true })).toBeEnabled();

  // Zoom Out 2x makes a grid again.
  await press(page, single, '缩小 2 倍', 3);
  await expectButtons(actionsOf(page, 2), GRID);

  // Vary (Region): the mask is the picture's size, white where painted on black.
  await page.setViewportSize(PHONE);
  await axeClean(page, 'image chat phone');
  await single.getByRole('button', { name: '局部重绘', exact: true }).click();
  const editor = page.getByRole('dialog', { name: '局部重绘' });
  const submit = editor.getByRole('button', { name: '提交' });
  await expect(submit).toBeDisabled();
  await axeClean(page, 'mask editor phone');
  const box = await editor.locator('[data-mask-canvas]').boundingBox();
  if (!box) throw new Error('no canvas');
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.up();
  await expect(submit).toBeEnabled();
  await editor.getByRole('button', { name: '撤销' }).click();
  await expect(submit).toBeDisabled();
  // The keyboard's brush: Shift+arrows paint one stroke as they move, Space a dab.
  await editor.getByRole('application', { name: '涂抹区域的画布' }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
  await expect(submit).toBeEnabled();
  await expect(editor.getByText('已涂抹 1 笔')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(editor.getByText('已涂抹 2 笔')).toBeAttached();
  await editor.getByRole('button', { name: '清除' }).click();
  await expect(submit).toBeDisabled();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4, { steps: 5 });
  await page.mouse.up();
  const sent = page.waitForRequest('**/api/sd/submit/action');
  await submit.click();
  const body = (await sent).postDataJSON();
  expect(body).toMatchObject({ action: 'inpaint' });
  const mask = sharp(Buffer.from(String(body.mask).replace(/^data:image\/png;base64,/, ''), 'base64'));
  const parent = await (await request.post('/api/sd/task', { data: { id: body.id }, headers: bearer(token) })).json();
  expect(await mask.metadata()).toMatchObject({ format: 'png', width: parent.data.width, height: parent.data.height });
  const { channels } = await mask.stats();
  expect(channels[0]?.min).toBe(0);
  expect(channels[0]?.max).toBe(255);
  await expect(messages.locator('[data-mj-image]')).toHaveCount(4, { timeout: 30_000 });

  // Custom Zoom: a factor out of range is refused in the dialog; 1.3 is sent.
  await single.getByRole('button', { name: '自定义缩放', exact: true }).click();
  const zoom = page.getByRole('dialog', { name: '自定义缩放' });
  await expect(zoom.getByRole('textbox', { name: '提示词（可修改，留空沿用原图的）' })).toHaveValue(prompt);
  await zoom.getByRole('spinbutton').fill('2.5');
  await expect(zoom.getByRole('alert')).toHaveText('缩小倍数须在 1 到 2 之间');
  await expect(zoom.getByRole('button', { name: '提交' })).toBeDisabled();
  await zoom.getByRole('spinbutton').fill('1.3');
  await axeClean(page, 'custom zoom phone');
  await page.setViewportSize({ width: 1366, height: 900 });
  await axeClean(page, 'custom zoom desktop');
  const zoomSent = page.waitForRequest('**/api/sd/submit/action');
  await zoom.getByRole('button', { name: '提交' }).click();
  expect((await zoomSent).postDataJSON()).toMatchObject({ action: 'zoom', zoom: 1.3 });
  await expect(messages.locator('[data-mj-image]')).toHaveCount(5, { timeout: 30_000 });

  // A pan, then the mask editor at a laptop's width.
  await press(page, single, '向左扩展', 6);
  await expect(messages.getByText(`向左扩展 · ${prompt}`)).toBeVisible();
  await single.getByRole('button', { name: '局部重绘', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '局部重绘' })).toBeVisible();
  await axeClean(page, 'mask editor desktop');
  await page.getByRole('dialog', { name: '局部重绘' }).getByRole('button', { name: '取消' }).click();

  // Resumable: the replies and their buttons survive a reload.
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('[data-mj-messages] [data-draw-actions]')).toHaveCount(6);
});

test('/draw: one reference picture goes with a drawing; Upscale 2× from the viewer lands a bigger picture', async ({
  page,
  request,
}) => {
  test.slow();
  const token = await newAccount(request, 'drawact');
  await logIn(page, token);
  await openDraw(page);
  await promptBox(page).fill('动作测试 山间小屋');
  const png = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  await page.getByLabel('添加参考图').setInputFiles({ name: 'ref.png', mimeType: 'image/png', buffer: png });
  // One only: the picker closes once it holds one.
  await expect(page.getByRole('button', { name: '移除第 1 张参考图' })).toBeVisible();
  await expect(page.getByLabel('添加参考图')).toHaveCount(0);
  const sent = page.waitForRequest('**/api/sd/submit/imagine');
  await page.getByRole('button', { name: '生成图片' }).click();
  expect((await sent).postDataJSON().base64Array).toHaveLength(1);
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(cards(page)).toHaveCount(1);

  await cards(page)
    .first()
    .getByRole('button', { name: /查看大图/ })
    .click();
  const viewer = page.getByRole('dialog', { name: '查看图片' });
  await viewer.getByRole('button', { name: '高清放大 2 倍' }).click();
  await expect(viewer).toHaveCount(0);
  await expect(page.locator('[data-draw-progress]')).toContainText('动作测试 山间小屋');
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(cards(page)).toHaveCount(2);
  const list = await (
    await request.post('/api/sd/list/user/picture', { data: { pageNum: 1, pageSize: 30 }, headers: bearer(token) })
  ).json();
  const [upscaled, original] = list.data.records;
  expect(upscaled).toMatchObject({ action: 'upscale', parentId: original.id });
  expect(upscaled.width).toBe(original.width * 2);
  await expect(cards(page).first()).toHaveAttribute('data-picture', upscaled.id);
});

test('image chat: an action that fails offers Retry, which runs it again as a new task', async ({ page, request }) => {
  // Two drawings and a failed one: seconds alone, longer beside other workers.
  test.slow();
  const token = await newAccount(request, 'mjretry');
  await logIn(page, token);
  await page.goto('/midjourney');
  await waitForHydration(page);
  await page.getByRole('textbox', { name: '提示词' }).fill('重试测试 古桥');
  await page.getByRole('textbox', { name: '提示词' }).press('Enter');
  const messages = page.locator('[data-mj-messages]');
  await expect(messages.locator('[data-mj-image]')).toHaveCount(1, { timeout: 30_000 });
  // The action reads the grid's unlabelled original from the server's disk: without it, the task fails.
  const list = await (
    await request.post('/api/sd/list/user/picture', { data: { pageNum: 1, pageSize: 30 }, headers: bearer(token) })
  ).json();
  const source = sourceFileOf(list.data.records[0].id);
  const kept = readFileSync(source);
  rmSync(source);
  try {
    await actionsOf(page, 0).getByRole('button', { name: '放大 U1', exact: true }).click();
    await expect(messages.getByRole('button', { name: '重试', exact: true })).toBeVisible({ timeout: 30_000 });
  } finally {
    writeFileSync(source, kept);
  }
  await messages.getByRole('button', { name: '重试', exact: true }).click();
  await expect(messages.locator('[data-mj-image]')).toHaveCount(2, { timeout: 30_000 });
  await expect(messages.getByRole('button', { name: '重试', exact: true })).toHaveCount(0);
  await expectButtons(actionsOf(page, 1), SINGLE);
});

/** Where the local storage keeps a picture's unlabelled original (DATA_DIR/files/drawings/{month}/{id}-source.webp). */
function sourceFileOf(id: string): string {
  const root = path.join(process.env.E2E_DATA_DIR ?? '', 'files', 'drawings');
  for (const month of readdirSync(root)) {
    const file = path.join(root, month, `${id}-source.webp`);
    if (existsSync(file)) return file;
  }
  throw new Error(`no original of ${id} under ${root}`);
}
