import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { waitForHydration } from './helpers';

/** Formulas, diagrams and voice in the chat (docs/chat.md "Math, diagrams and voice"), with the offline responder. */

const input = (page: Page) => page.getByRole('textbox', { name: '输入你的问题' });
const lastAnswer = (page: Page) => page.locator('[data-role="assistant"] [data-message-text]').last();

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe findings in the last answer (tests/e2e/crawl.spec.ts scans whole pages). */
async function axeOnAnswer(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Run = (
      context: Element,
      options: object,
    ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }>;
    const axe = (window as unknown as { axe: { run: Run } }).axe;
    const answers = document.querySelectorAll('[data-role="assistant"] [data-message-text]');
    const { violations } = await axe.run(answers[answers.length - 1] as Element, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

// Streams, KaTeX and Mermaid (about a megabyte of script) on a machine that may be busy.
test.beforeEach(() => test.slow());
/** For what waits on a lazily loaded library. */
const LOADED = { timeout: 30_000 };

async function openChat(page: Page) {
  await page.goto('/chat');
  await waitForHydration(page);
  await expect(input(page)).toBeVisible();
}

async function ask(page: Page, question: string) {
  await input(page).fill(question);
  await input(page).press('Enter');
  await expect(lastAnswer(page)).toContainText('演示模式');
  await expect(page.getByRole('button', { name: '停止生成' })).toBeHidden({ timeout: 20_000 });
}

/** An answer stored as if received: the renderer is the same for stored and streamed answers. */
async function storedAnswer(page: Page, text: string) {
  await page.addInitScript((answer) => {
    if (localStorage.getItem('chatStorage')) return;
    const now = Date.now();
    const message = (t: string, inversion: boolean) => ({ dateTime: now, text: t, inversion, error: false });
    localStorage.setItem(
      'chatStorage',
      JSON.stringify({
        active: 1,
        usingContext: true,
        history: [{ title: 'stored', uuid: 1, isEdit: false }],
        chat: [{ uuid: 1, data: [message('diagram', true), message(answer, false)] }],
      }),
    );
  }, text);
}

test.describe('formulas and diagrams', () => {
  test('a formula renders as KaTeX and a flowchart as SVG, downloaded only when an answer needs them', async ({
    page,
  }) => {
    const heavy: string[] = [];
    page.on('request', (r) => {
      if (/katex|mermaid/i.test(r.url())) heavy.push(r.url());
    });
    await openChat(page);
    await ask(page, '你好');
    await expect(lastAnswer(page).locator('li strong')).toHaveCount(3);
    expect(heavy).toEqual([]);

    await ask(page, '请写一个数学公式，再画一个流程图');
    const answer = lastAnswer(page);
    // Two inline formulas and the block one, typeset by KaTeX with its stylesheet (the MathML copy is clipped away).
    await expect(answer.locator('[data-math="inline"] .katex')).toHaveCount(2, LOADED);
    await expect(answer.locator('[data-math="block"] .katex-display')).toHaveCount(1);
    await expect(answer.locator('.katex-mathml').first()).toHaveCSS('position', 'absolute');
    await expect(answer.locator('[data-math="block"] .katex-mathml annotation')).toHaveText(
      'x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}',
    );
    // The flowchart is drawn, labelled, and its source block hidden.
    const diagram = answer.getByRole('img', { name: '图表' });
    await expect(diagram.locator('svg')).toBeVisible(LOADED);
    await expect(diagram).toContainText('演示回复');
    await expect(answer.locator('[data-mermaid]')).toBeHidden();
    expect(heavy.some((u) => /katex/i.test(u))).toBe(true);
    expect(heavy.some((u) => /mermaid/i.test(u))).toBe(true);
    expect(await axeOnAnswer(page)).toEqual([]);

    // In the dark theme the diagram is drawn again in dark colours, and stays accessible.
    const light = await diagram.innerHTML();
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expect.poll(() => diagram.innerHTML(), LOADED).not.toBe(light);
    await expect(diagram.locator('svg')).toBeVisible();
    expect(await axeOnAnswer(page)).toEqual([]);
  });

  test('a diagram Mermaid cannot read stays as code with a note', async ({ page }) => {
    await storedAnswer(page, '```mermaid\nflowchart LR\n  A --> [[[\n```\n\n$\\frac{1}{$');
    await openChat(page);
    const answer = lastAnswer(page);
    await expect(answer.locator('.md-diagram-error')).toHaveText(
      '这段图表代码有误，无法画出，下面是它的原始代码。',
      LOADED,
    );
    await expect(answer.locator('[data-mermaid] code')).toContainText('A --> [[[');
    await expect(answer.locator('[data-mermaid]')).toBeVisible();
    await expect(answer.locator('svg')).toHaveCount(0);
    // An unreadable formula shows its source in KaTeX's error style instead of failing the answer.
    await expect(answer.locator('.katex-error')).toContainText('\\frac{1}{', LOADED);
  });

  test("a diagram's labels keep no HTML: no picture, link, frame or handler, and nothing is fetched", async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (/\/(x|frame|link)$/.test(new URL(r.url()).pathname)) fetched.push(r.url());
    });
    await storedAnswer(
      page,
      [
        '```mermaid',
        // A diagram may not turn HTML labels back on.
        '%%{init: {"htmlLabels": true, "flowchart": {"htmlLabels": true}}}%%',
        'flowchart LR',
        '  A["<img src=x> picture"] --> B["<a href=/link>link</a>"]',
        '  B --> C["<iframe src=/frame></iframe> frame"]',
        '  C --> D["<b onclick=alert(1)>bold</b>"]',
        '  D --> E["<svg><image href=x /></svg> image"]',
        '```',
      ].join('\n'),
    );
    await openChat(page);
    const diagram = lastAnswer(page).getByRole('img', { name: '图表' });
    await expect(diagram.locator('svg').first()).toBeVisible(LOADED);
    await expect(diagram).toContainText('picture');
    await expect(diagram).toContainText('bold');
    const foreign = diagram.locator('img, a, iframe, b, foreignObject, image, [onclick], [href], [src]');
    expect(await foreign.evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 120)))).toEqual([]);
    expect(fetched).toEqual([]);
  });
});

test.describe('voice', () => {
  test('without speech services there is no microphone and no read-aloud button', async ({ page }) => {
    await page.addInitScript(() => {
      for (const name of ['SpeechRecognition', 'webkitSpeechRecognition', 'speechSynthesis']) {
        for (const owner of [window, Window.prototype]) Reflect.deleteProperty(owner, name);
      }
    });
    await openChat(page);
    expect(await page.evaluate(() => 'webkitSpeechRecognition' in window || 'speechSynthesis' in window)).toBe(false);
    await ask(page, '你好');
    await expect(page.getByRole('button', { name: '复制' }).last()).toBeVisible();
    await expect(page.getByRole('button', { name: '语音输入' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '朗读' })).toHaveCount(0);
  });

  test('the microphone fills the input as the person speaks, and says why it stopped', async ({ page }) => {
    // A recognition service that the test speaks through.
    await page.addInitScript(() => {
      type Result = { resultIndex: number; results: { transcript: string }[][] };
      class FakeRecognition {
        lang = '';
        interimResults = false;
        continuous = false;
        onresult: ((e: Result) => void) | null = null;
        onerror: ((e: { error: string }) => void) | null = null;
        onend: (() => void) | null = null;
        aborted = false;
        start() {
          (window as unknown as { recognition: FakeRecognition }).recognition = this;
        }
        stop() {
          this.onend?.();
        }
        abort() {
          this.aborted = true;
          this.onerror?.({ error: 'aborted' });
          this.onend?.();
        }
      }
      Object.assign(window, { SpeechRecognition: FakeRecognition, webkitSpeechRecognition: FakeRecognition });
    });
    await openChat(page);
    const say = (phrases: string[]) =>
      page.evaluate((p) => {
        const r = (window as unknown as { recognition: { onresult(e: object): void } }).recognition;
        r.onresult({ resultIndex: 0, results: p.map((transcript) => [{ transcript }]) });
      }, phrases);

    await input(page).fill('请问');
    const mic = page.getByRole('button', { name: '语音输入' });
    await mic.click();
    const listening = page.getByRole('button', { name: '停止语音输入' });
    await expect(listening).toHaveAttribute('aria-pressed', 'true');
    await expect(listening).toContainText('正在聆听');
    expect(await page.evaluate(() => (window as unknown as { recognition: { lang: string } }).recognition.lang)).toBe(
      'zh-CN',
    );
    // Interim words appear at once and are replaced as the service settles on them.
    await say(['今天天']);
    await expect(input(page)).toHaveValue('请问今天天');
    await say(['今天天气怎么样']);
    await expect(input(page)).toHaveValue('请问今天天气怎么样');
    await listening.click();
    await expect(mic).toHaveAttribute('aria-pressed', 'false');
    await expect(input(page)).toHaveValue('请问今天天气怎么样');

    // A refused microphone is explained; sending the text stops listening.
    await mic.click();
    await page.evaluate(() =>
      (window as unknown as { recognition: { onerror(e: object): void } }).recognition.onerror({
        error: 'not-allowed',
      }),
    );
    await expect(page.getByRole('alert').filter({ hasText: '无法使用麦克风' })).toBeVisible();
    await expect(listening).toBeVisible();
    await input(page).press('Enter');
    await expect(mic).toHaveAttribute('aria-pressed', 'false');
    expect(
      await page.evaluate(() => (window as unknown as { recognition: { aborted: boolean } }).recognition.aborted),
    ).toBe(true);
  });

  test('read aloud speaks the answer’s words in Chinese and stops when pressed again', async ({ page }) => {
    await page.addInitScript(() => {
      const spoken: SpeechSynthesisUtterance[] = [];
      const fake = {
        speak: (u: SpeechSynthesisUtterance) => spoken.push(u),
        cancel: () => {
          (window as unknown as { cancelled: number }).cancelled += 1;
        },
        getVoices: () => [],
      };
      Object.assign(window, { spoken, cancelled: 0 });
      Object.defineProperty(window, 'speechSynthesis', { value: fake, configurable: true });
    });
    await openChat(page);
    await ask(page, '你好');
    const read = page.getByRole('button', { name: '朗读', exact: true }).last();
    await read.click();
    const stop = page.getByRole('button', { name: '停止朗读' });
    await expect(stop).toHaveAttribute('aria-pressed', 'true');
    const spoken = () =>
      page.evaluate(() =>
        (window as unknown as { spoken: SpeechSynthesisUtterance[] }).spoken.map((u) => ({
          text: u.text,
          lang: u.lang,
        })),
      );
    await expect.poll(async () => (await spoken()).length).toBeGreaterThan(0);
    const utterances = await spoken();
    const words = utterances.map((u) => u.text).join('');
    // The words without Markdown's marks.
    expect(words).toContain('演示模式');
    expect(words).toContain('演示回复不占用每日免费对话次数。');
    expect(words).not.toMatch(/\*\*|^>/);
    expect(new Set(utterances.map((u) => u.lang))).toEqual(new Set(['zh-CN']));

    const cancelledBefore = await page.evaluate(() => (window as unknown as { cancelled: number }).cancelled);
    await stop.click();
    await expect(read).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate(() => (window as unknown as { cancelled: number }).cancelled)).toBe(cancelledBefore + 1);

    // Reading to the end resets the button too.
    await read.click();
    await expect(stop).toBeVisible();
    await page.evaluate(() => {
      const all = (window as unknown as { spoken: SpeechSynthesisUtterance[] }).spoken;
      all.at(-1)?.onend?.(new Event('end') as SpeechSynthesisEvent);
    });
    await expect(read).toHaveAttribute('aria-pressed', 'false');
  });
});
