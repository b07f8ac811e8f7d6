import type { ProductForm } from '../../../shared/contract/shop-console';
import {
  createProduct,
  listProductsForConsole,
  moveProduct,
  type ProductFields,
  setProductEnabledById,
  updateProduct,
} from '../../services/shop/console-products';
import { parseYuan } from '../../services/shop/money';
import { actorOf, requireAdmin, requireFreshCode } from '../admin/guard';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './console-products.routes';

/** The form's fields as the service takes them: yuan text → fen (the schema checked the format). */
function fields(b: ProductForm): ProductFields {
  return {
    names: b.names,
    descriptions: b.descriptions,
    productPrice: parseYuan(b.price) ?? 0,
    productDisPrice: parseYuan(b.disPrice) ?? 0,
    productType: b.productType,
    productBenefit: b.productBenefit,
    level: b.level,
    purchaseLimit: b.purchaseLimit,
    credits: b.credits,
  };
}

/** The console's Products page (docs/console.md#products). */
export function registerShopProductsConsole(app: ApiApp) {
  app.openapi(r.listProducts, async (c) => reply(c, await listProductsForConsole(c.get('runtime').database.db)));

  app.openapi(r.createProduct, async (c) => {
    requireAdmin(c);
    const b = c.req.valid('json');
    if (b.code !== undefined) await requireFreshCode(c, b.code);
    const applied = await createProduct(c.get('runtime'), {
      actor: actorOf(c),
      requestId: b.requestId,
      productCode: b.productCode,
      fields: fields(b),
      priceVerified: b.code !== undefined,
    });
    return reply(c, { applied });
  });

  app.openapi(r.updateProduct, async (c) => {
    requireAdmin(c);
    const b = c.req.valid('json');
    // Checked before the change; whether the price changes is settled under the row's lock.
    if (b.code !== undefined) await requireFreshCode(c, b.code);
    const applied = await updateProduct(c.get('runtime'), {
      actor: actorOf(c),
      requestId: b.requestId,
      id: c.req.valid('param').id,
      fields: fields(b),
      priceVerified: b.code !== undefined,
    });
    return reply(c, { applied });
  });

  app.openapi(r.moveProduct, async (c) => {
    requireAdmin(c);
    const { direction, requestId } = c.req.valid('json');
    const act = { actor: actorOf(c), requestId, id: c.req.valid('param').id, direction };
    return reply(c, { applied: await moveProduct(c.get('runtime'), act) });
  });

  app.openapi(r.enableProduct, async (c) => {
    requireAdmin(c);
    const { enabled, requestId } = c.req.valid('json');
    const act = { actor: actorOf(c), requestId, id: c.req.valid('param').id, enabled };
    return reply(c, { applied: await setProductEnabledById(c.get('runtime'), act) });
  });
}
