import { expect, test } from '@playwright/test';
import { makePdf } from '../fixtures/attachment-files';
import { docxBomb, pdfBomb } from '../fixtures/bombs';
import { createAccount, uniqueEmail, useToken } from './account-helpers';
import { waitForHydration } from './helpers';

// Pictures and documents in the chat with the offline model (docs/chat.md#attachments).

test('a pasted picture and an attached PDF go with the question: the answer names both and quotes the PDF', async ({
  page,
  request,
}) => {
  test.slow();
  const token = await createAccount(request, uniqueEmail('attach'), 'attach-pass-1');
  await useToken(page, token);
  await page.goto('/chat');
  await waitForHydration(page);
  const input = page.getByRole('textbox', { name: '输入你的问题' });
  await expect(input).toBeVisible();

  // Paste a picture made on a canvas, as a screenshot pastes.
  await input.evaluate(async (el) => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 30;
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.fillStyle = '#e11d48';
      ctx.fillRect(0, 0, 40, 30);
    }
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    const data = new DataTransfer();
    if (blob) data.items.add(new File([blob], 'pasted.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await page.getByTestId('attach-input').setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('Meeting notes for the spring launch.\nThe launch date is the fifth of May.'),
  });
  const chips = page.getByTestId('pending-attachment');
  await expect(chips).toHaveCount(2);
  await expect(chips.nth(0)).toContainText('pasted.png');
  await expect(chips.nth(1)).toContainText('notes.pdf');
  // Uploaded: the size replaces the progress.
  await expect(chips.nth(1)).toContainText(/\d+ B/);

  await input.fill('请看看这两个文件');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(chips).toHaveCount(0);

  const answer = page.locator('[data-role="assistant"] [data-message-text]').last();
  await expect(answer).toContainText('不占用每日免费对话次数', { timeout: 20_000 });
  await expect(answer).toContainText('图片「pasted.png」');
  await expect(answer).toContainText('文档「notes.pdf」');
  await expect(answer).toContainText('Meeting notes for the spring launch.');

  const question = page.locator('[data-role="user"]').last();
  await expect(question.getByRole('img', { name: '图片 pasted.png' })).toBeVisible();
  await expect(question.getByTestId('file-chip')).toContainText('notes.pdf');
  // The thumbnail is read back from the owner-only URL after a reload too.
  await page.reload();
  await waitForHydration(page);
  const again = page.locator('[data-role="user"]').last().getByRole('img', { name: '图片 pasted.png' });
  await expect(again).toBeVisible();
  await expect.poll(() => again.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(40);
});

test('the built server reads documents on its own thread: bombs are refused with their reason, then a PDF is read', async ({
  request,
}) => {
  const token = await createAccount(request, uniqueEmail('bomb'), 'attach-pass-1');
  const send = (name: string, buffer: Buffer) =>
    request.post('/api/chat/attachments', {
      headers: { authorization: `Bearer ${token}`, cookie: 'lang=zh-CN' },
      multipart: { file: { name, mimeType: 'application/octet-stream', buffer } },
    });
  const [docx, pdf] = await Promise.all([send('bomb.docx', await docxBomb(250)), send('bomb.pdf', await pdfBomb(330))]);
  for (const res of [docx, pdf]) {
    expect(res.status()).toBe(413);
    expect((await res.json()).result).toContain('文件解压后的数据远超其大小');
  }
  const ok = await send('notes.pdf', makePdf('Still reading documents.'));
  expect(ok.status()).toBe(200);
  expect((await ok.json()).data).toMatchObject({ kind: 'document', name: 'notes.pdf', truncated: false });
});
