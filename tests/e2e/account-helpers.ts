import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { type AddressObject, simpleParser } from 'mailparser';

/** playwright.config.ts starts the server with this DATA_DIR and no SMTP_URL: mail lands in its outbox. */
function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  return dir;
}

function outbox(dir = dataDir()): string {
  return join(dir, 'outbox');
}

/** The newest code the SMS outbox of the server on `dir` (the run's by default) holds for `phone`. */
export async function textedCode(phone: string, dir = dataDir()): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const folder = join(dir, 'sms-outbox');
        const files = (await readdir(folder).catch(() => [] as string[])).sort().reverse();
        for (const file of files) {
          const text = JSON.parse(await readFile(join(folder, file), 'utf8')) as { to: string; code: string };
          if (text.to === phone) {
            code = text.code;
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return code;
}

function recipients(to: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(to) ? to : to ? [to] : [];
  return list.flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

export interface MailedCode {
  code: string;
  /** The /emailValidation link of the mail, as a path with its query. */
  link: string;
}

/** The newest code mailed to `email` for `type` (by the server on `dir`); waits for the mail to be written. */
export async function mailedCode(
  email: string,
  type: 'register' | 'reset' | 'bind' = 'register',
  dir = dataDir(),
): Promise<MailedCode> {
  let found: MailedCode | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox(dir)).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
        for (const file of files.reverse()) {
          const mail = await simpleParser(await readFile(join(outbox(dir), file)));
          if (!recipients(mail.to).includes(email.toLowerCase())) continue;
          const url = /https?:\/\/\S+\/emailValidation\?\S+/.exec(mail.text ?? '')?.[0];
          const parsed = url ? new URL(url) : undefined;
          if (!parsed || parsed.searchParams.get('type') !== type) continue;
          found = { code: parsed.searchParams.get('code') ?? '', link: `${parsed.pathname}${parsed.search}` };
          return true;
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no ${type} code for ${email}`);
  return found;
}

let counter = 0;
/** A fresh address per call, so parallel tests never share an account or a code. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `e2e-${tag}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Registers through the API (for tests whose subject is not registration) and returns a login token. */
export async function createAccount(
  request: APIRequestContext,
  email: string,
  password: string,
  dir = dataDir(),
): Promise<string> {
  const sent = await request.get('/api/user/getEmailVerifycode', { params: { email, type: 'register' } });
  expect(sent.status()).toBe(200);
  const { picCodeSessionId } = (await sent.json()).data as { picCodeSessionId: string };
  const { code } = await mailedCode(email, 'register', dir);
  const registered = await request.post('/api/user/register/email', {
    data: { identity: email, password, picCodeSessionId, picVerificationCode: code, registerType: 'email' },
  });
  expect(registered.status()).toBe(200);
  const login = await request.post('/api/user/login/email', { data: { username: email, password } });
  expect(login.status()).toBe(200);
  return ((await login.json()).data as { token: string }).token;
}

/** Starts the page logged in, as after a login and reload. */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('SECRET_TOKEN', value);
      sessionStorage.setItem('e2e-token-set', '1');
    }
  }, token);
}

/**
 * The header's account control: '我的账户' asks for the visitor's '登录 / 注册', '个人中心' for the
 * member's (named 个人中心 first, then nickname and membership once the user has loaded).
 */
export function accountEntry(page: Page, name: '我的账户' | '个人中心'): Locator {
  return page
    .getByRole('banner')
    .getByRole('button', { name: name === '我的账户' ? '登录 / 注册' : /^个人中心/, exact: name === '我的账户' });
}

/** Opens the login dialog from the header; the island downloads on this first click. */
export async function openLoginDialog(page: Page, path = '/terms'): Promise<Locator> {
  await page.goto(path);
  await accountEntry(page, '我的账户').click();
  const dialog = page.getByRole('dialog', { name: '欢迎来到妙笔' });
  await expect(dialog).toBeVisible();
  return dialog;
}
