// The console product form and the public catalogue, as the product tests send and read them.
import type { TestServer } from '../helpers';
import { requestId } from './admin-helpers';

/** /product's catalogue in `lang`. */
export const catalogueIn = async (srv: TestServer, lang: string) =>
  (await srv.call('POST', '/api/product/list/aichat', undefined, { cookie: `lang=${lang}` })).body.data.data as Array<{
    productId: number;
    productCode: string;
    productName: string;
    productDescription: string;
    productPrice: number;
    productDisPrice: number;
  }>;

/** A valid console product form (a weekly membership), with `over` replacing fields. */
export const productForm = (over: Record<string, unknown> = {}) => ({
  names: { 'zh-CN': '周会员', 'en-US': 'Weekly membership', 'zh-TW': '' },
  descriptions: { 'zh-CN': '7 天会员', 'en-US': '7 days of membership', 'zh-TW': '' },
  price: '12',
  disPrice: '9.9',
  productType: 1,
  productBenefit: 7,
  level: 1,
  purchaseLimit: null,
  requestId: requestId(),
  ...over,
});
