import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './account-helpers';

/** Registers a fresh e-mail account through the API (code read from the outbox) and returns its token. */
export function newAccount(request: APIRequestContext, tag: string): Promise<string> {
  return createAccount(request, uniqueEmail(tag), 'secret123');
}

/** Stores the token before any page script runs, as a login would. */
export async function logIn(page: Page, token: string): Promise<void> {
  await page.context().addInitScript((value) => localStorage.setItem('SECRET_TOKEN', value), token);
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface CreatedOrder {
  orderNo: string;
  orderStatus: number;
  payLink: string | null;
}

async function product(request: APIRequestContext, code: string): Promise<{ productId: number; productCode: string }> {
  const list = await (await request.post('/api/product/list/aichat')).json();
  const found = list.data.data.find((p: { productCode: string }) => p.productCode === code);
  if (!found) throw new Error(`no product ${code}`);
  return found;
}

export async function createOrder(request: APIRequestContext, token: string, code: string): Promise<CreatedOrder> {
  const { productId, productCode } = await product(request, code);
  const res = await request.post('/api/order/create', { data: { productId, productCode }, headers: bearer(token) });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(1000000);
  return body.data;
}

export async function cancelOrder(request: APIRequestContext, token: string, orderNo: string): Promise<void> {
  const res = await request.post('/api/order/cancel', { data: { orderNo }, headers: bearer(token) });
  expect((await res.json()).code).toBe(200);
}

/** The /product buy buttons are plain script, not an island: wait until they are wired. */
export async function waitForBuyButtons(page: Page): Promise<void> {
  await expect(page.locator('[data-shop-buy][data-buy-ready]')).toHaveCount(1);
}
