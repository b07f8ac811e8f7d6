import { createRoute } from '@hono/zod-openapi';
import { applied, enabledBody } from '../../../shared/contract/admin';
import { idParam as param } from '../../../shared/contract/common';
import { ConsoleProductList, productCreate, productMove, productUpdate } from '../../../shared/contract/shop-console';
import { access } from '../access';
import { codes, tags } from '../admin/console-kit';
import { jsonBody, jsonResponses } from '../route-kit';

// The console's product routes (docs/console.md#products): operators read, admins change.

const writeCodes = { ...codes, 1001602: 'the price changes: a fresh TOTP code is needed' };

export const listProducts = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/products',
  tags,
  summary: 'Every product, disabled ones too, in display order',
  responses: jsonResponses(ConsoleProductList, codes),
});

export const createProduct = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/products',
  tags,
  summary: 'Creates a product (admin; its price asks for a fresh TOTP code)',
  request: { body: jsonBody(productCreate) },
  responses: jsonResponses(applied, writeCodes),
});

export const updateProduct = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/products/{id}',
  tags,
  summary: 'Edits a product (admin; a changed price asks for a fresh TOTP code)',
  request: { params: param, body: jsonBody(productUpdate) },
  responses: jsonResponses(applied, writeCodes),
});

export const moveProduct = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/products/{id}/move',
  tags,
  summary: 'Moves a product one place up or down in the list (admin)',
  request: { params: param, body: jsonBody(productMove) },
  responses: jsonResponses(applied, codes),
});

export const enableProduct = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/products/{id}/enabled',
  tags,
  summary: 'Enables or disables a product (admin)',
  request: { params: param, body: jsonBody(enabledBody) },
  responses: jsonResponses(applied, codes),
});
