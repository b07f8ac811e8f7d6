import { applied, enabledBody } from '../../../shared/contract/admin';
import { idParam as param } from '../../../shared/contract/common';
import { ConsoleProductList, productCreate, productMove, productUpdate } from '../../../shared/contract/shop-console';
import { consoleRoute } from '../admin/console-kit';
import { jsonBody } from '../route-kit';

// The console's product routes (docs/console.md#products): operators read, admins change.

const writeCodes = { 1001602: 'the price changes: a fresh TOTP code is needed' };

export const listProducts = consoleRoute('get', '/admin/products', ConsoleProductList, {
  summary: 'Every product, disabled ones too, in display order',
});

export const createProduct = consoleRoute('post', '/admin/products', applied, {
  summary: 'Creates a product (admin; its price asks for a fresh TOTP code)',
  request: { body: jsonBody(productCreate) },
  more: writeCodes,
});

export const updateProduct = consoleRoute('post', '/admin/products/{id}', applied, {
  summary: 'Edits a product (admin; a changed price asks for a fresh TOTP code)',
  request: { params: param, body: jsonBody(productUpdate) },
  more: writeCodes,
});

export const moveProduct = consoleRoute('post', '/admin/products/{id}/move', applied, {
  summary: 'Moves a product one place up or down in the list (admin)',
  request: { params: param, body: jsonBody(productMove) },
});

export const enableProduct = consoleRoute('post', '/admin/products/{id}/enabled', applied, {
  summary: 'Enables or disables a product (admin)',
  request: { params: param, body: jsonBody(enabledBody) },
});
