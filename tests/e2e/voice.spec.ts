import { type Browser, chromium, expect, test } from '@playwright/test';
import { type FakeSpeech, startFakeSpeech } from '../api/chat/fake-speech';
import { BROWSER_ARGS, BROWSER_PATH } from './browser';
import { axeFindings } from './crawl-helpers';
import { waitForHydration } from './helpers';
import { startFreshServer } from './own-server';

/**
 * The composer's microphone heard through the site (docs/chat.md#math-diagrams-and-voice): Chromium's
 * fake microphone records, the site's own server sends the recording to a fake speech service.
 */
test.describe('voice through the site', () => {
  test.describe.configure({ mode: 'serial' });
  // Its own server: only this one has a speech service.
  const PORT = Number(process.env.E2E_PORT ?? 4399) + 1120;
  const BASE = `http://127.0.0.1:${PORT}`;
  let server: Awaited<ReturnType<typeof startFreshServer>> | undefined;
  let fake: FakeSpeech;
  let browser: Browser;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    fake = await startFakeSpeech();
    server = await startFreshServer(PORT, 'miaobi-voice-', {
      SPEECH_BASE_URL: fake.url,
      SPEECH_VOICE: 'alloy',
      IP_LIMIT_SCALE: '50',
    });
    // A browser with a fake microphone that needs no permission prompt.
    browser = await chromium.launch({
      executablePath: BROWSER_PATH,
      args: [...BROWSER_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    });
  });
  test.afterAll(async () => {
    await browser?.close();
    server?.stop();
    await fake?.close();
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    test(`${viewport}: record, stop, and the service's text lands in the input`, async () => {
      const context = await browser.newContext({
        baseURL: BASE,
        locale: 'zh-CN',
        ...(viewport === 'mobile' ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
      });
      await context.grantPermissions(['microphone'], { origin: BASE });
      const page = await context.newPage();
      fake.reply.text = `语音${viewport}`;
      const before = fake.heard.length;
      await page.goto('/chat');
      await waitForHydration(page);
      const input = page.getByRole('textbox', { name: '输入你的问题' });
      await input.fill('你好，');
      const mic = page.getByRole('button', { name: '语音输入：由本站的语音服务识别' });
      await expect(mic).toBeVisible();
      expect(await axeFindings(page, `${viewport} voice`)).toEqual([]);
      await mic.click();
      const stop = page.getByRole('button', { name: '停止语音输入' });
      await expect(stop).toHaveAttribute('aria-pressed', 'true');
      await expect(stop).toHaveAttribute('title', '正在录音…点击停止');
      expect(await axeFindings(page, `${viewport} recording`)).toEqual([]);
      // Stopping hands over what was recorded so far, however short (its WebM header at least).
      await stop.click();
      await expect(input).toHaveValue(`你好，语音${viewport}`);
      expect(fake.heard.length).toBe(before + 1);
      expect(fake.heard.at(-1)).toMatchObject({ language: 'zh', responseFormat: 'json', fileName: 'speech.webm' });
      await context.close();
    });
  }

  test('read aloud asks the site for the answer in its voice, not the browser', async () => {
    const context = await browser.newContext({ baseURL: BASE, locale: 'zh-CN' });
    const page = await context.newPage();
    // The browser's synthesis counts what it is asked to read: the site reads here, so nothing.
    await page.addInitScript(() => {
      const fake = {
        speak: () => Object.assign(window, { browserSpoke: true }),
        cancel: () => {},
        getVoices: () => [],
      };
      Object.defineProperty(window, 'speechSynthesis', { value: fake, configurable: true });
    });
    const before = fake.spoken.length;
    await page.goto('/chat');
    await waitForHydration(page);
    const input = page.getByRole('textbox', { name: '输入你的问题' });
    await input.fill('你好');
    await input.press('Enter');
    const read = page.getByRole('button', { name: '朗读', exact: true }).last();
    await read.click();
    await expect.poll(() => fake.spoken.length).toBe(before + 1);
    const asked = fake.spoken.at(-1)?.body;
    expect(asked).toMatchObject({ voice: 'alloy', model: 'tts-1', response_format: 'mp3' });
    expect(String(asked?.input)).toContain('演示模式');
    expect(String(asked?.input)).not.toMatch(/\*\*/);
    expect(await page.evaluate(() => 'browserSpoke' in window)).toBe(false);
    await context.close();
  });
});
