-- The order texts moved into the shop namespace (locales/*/shop.json, under "order."): a late-payment
-- notice written before then and not yet shown names its text by the new key.
UPDATE "user_notices" SET "key" = 'shop:order.late.notice' WHERE "key" = 'order:late.notice';
