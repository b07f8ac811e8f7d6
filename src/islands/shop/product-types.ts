/** Product types the /product filter offers (docs/api.md; the API: 1 membership, 2 plus, 4 compositions). */
export { PRODUCT_TYPES } from '../../shared/shop';

/** The `type` query of /product, or undefined for all products (anything unreadable counts as all). */
export function productTypeFrom(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,2}$/.test(raw)) return undefined;
  const type = Number(raw);
  return type >= 1 && type <= 99 ? type : undefined;
}
