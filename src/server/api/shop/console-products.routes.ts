import { createRoute, z } from '@hono/zod-openapi';
import { ConsoleProduct } from '../../../shared/contract/shop-console';
import { PRODUCT_TYPES } from '../../../shared/shop';
import { YUAN_PATTERN } from '../../services/shop/money';
import { access } from '../access';
import { codes, requestId, tags, totpCode } from '../admin/console-kit';
import { jsonBody, jsonResponses } from '../route-kit';
import { id, pattern, safeString } from '../validation';

// The console's product routes (docs/console.md#products): operators read, admins change.

/** A text per language (zh-CN required), each failure with the console's own message. */
const texts = (max: number, tooLong: string, zhRequired?: string) =>
  z.object({
    'zh-CN': safeString()
      .trim()
      .min(zhRequired ? 1 : 0, zhRequired)
      .max(max, tooLong),
    'en-US': safeString().trim().max(max, tooLong),
    'zh-TW': safeString().trim().max(max, tooLong),
  });
/** A bounded JSON integer whose every failure says the field's range. */
const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const yuan = pattern(YUAN_PATTERN, 10, { trim: true, message: 'admin:products.yuanFormat' });

/** What the product form sends: texts per language, prices as yuan text (two decimals at most). */
export const productFields = z.object({
  names: texts(60, 'admin:products.nameTooLong', 'admin:products.nameRequired'),
  descriptions: texts(300, 'admin:products.descriptionTooLong'),
  price: yuan,
  disPrice: yuan,
  productType: whole(1, 4, 'admin:products.typeInvalid').refine(
    (n) => (PRODUCT_TYPES as readonly number[]).includes(n),
    { message: 'admin:products.typeInvalid' },
  ),
  productBenefit: whole(1, 100_000, 'admin:products.benefitRange'),
  level: whole(1, 9, 'admin:products.levelRange'),
  purchaseLimit: whole(1, 1_000_000, 'admin:products.limitRange').nullable(),
  requestId,
  /** A fresh TOTP code: needed when the price is set (create) or changed. */
  code: totpCode.optional(),
});
const disNotAbove = <T extends { price: string; disPrice: string }>(b: T) => Number(b.disPrice) <= Number(b.price);
const disRule = { message: 'admin:products.disAbovePrice', path: ['disPrice'] };

const applied = z.object({ applied: z.boolean() });
const writeCodes = { ...codes, 1001602: 'the price changes: a fresh TOTP code is needed' };
const param = z.object({ id: id() });

export const listProducts = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/products',
  tags,
  summary: 'Every product, disabled ones too, in display order',
  responses: jsonResponses(z.array(ConsoleProduct), codes),
});

export const createProduct = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/products',
  tags,
  summary: 'Creates a product (admin; its price asks for a fresh TOTP code)',
  request: {
    body: jsonBody(
      productFields
        .extend({
          productCode: pattern(/^[A-Za-z0-9_-]{1,40}$/, 40, { trim: true, message: 'admin:products.codeFormat' }),
        })
        .refine(disNotAbove, disRule),
    ),
  },
  responses: jsonResponses(applied, writeCodes),
});

export const updateProduct = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/products/{id}',
  tags,
  summary: 'Edits a product (admin; a changed price asks for a fresh TOTP code)',
  request: { params: param, body: jsonBody(productFields.refine(disNotAbove, disRule)) },
  responses: jsonResponses(applied, writeCodes),
});

export const moveProduct = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/products/{id}/move',
  tags,
  summary: 'Moves a product one place up or down in the list (admin)',
  request: { params: param, body: jsonBody(z.object({ direction: z.enum(['up', 'down']), requestId })) },
  responses: jsonResponses(applied, codes),
});

export const enableProduct = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/products/{id}/enabled',
  tags,
  summary: 'Enables or disables a product (admin)',
  request: { params: param, body: jsonBody(z.object({ enabled: z.boolean(), requestId })) },
  responses: jsonResponses(applied, codes),
});
