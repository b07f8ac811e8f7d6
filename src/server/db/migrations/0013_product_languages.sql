-- Product names and descriptions in en-US and zh-TW beside the zh-CN columns, which keep every
-- existing row's Chinese text; orders keep the names their product had when they were made.
ALTER TABLE "products" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_desc_names" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- The seeded catalogue's translations, only where the Chinese is still the seeded text: an
-- operator's own wording is not given a translation of something else.
UPDATE "products" AS p SET "names" = t.names::jsonb
FROM (VALUES
  ('VIP_MONTH', '月度会员', '{"en-US":"Monthly membership","zh-TW":"月度會員"}'),
  ('VIP_QUARTER', '季度会员', '{"en-US":"Quarterly membership","zh-TW":"季度會員"}'),
  ('VIP_YEAR', '年度会员', '{"en-US":"Annual membership","zh-TW":"年度會員"}'),
  ('PLUS_MONTH', 'Plus 月度会员', '{"en-US":"Plus monthly membership","zh-TW":"Plus 月度會員"}'),
  ('MUSIC_10', '作曲包 10 首', '{"en-US":"Music pack: 10 songs","zh-TW":"作曲包 10 首"}'),
  ('MUSIC_50', '作曲包 50 首', '{"en-US":"Music pack: 50 songs","zh-TW":"作曲包 50 首"}'),
  ('TRIAL_DAY', '新人体验卡', '{"en-US":"Newcomer trial pass","zh-TW":"新人體驗卡"}')
) AS t(code, zh, names)
WHERE p."product_code" = t.code AND p."product_name" = t.zh AND p."names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "products" AS p SET "descriptions" = t.descriptions::jsonb
FROM (VALUES
  ('VIP_MONTH', '30 天会员：对话不限次数，每日绘图 50 张，优先使用新模型', '{"en-US":"30 days of membership: unlimited chat, 50 drawings a day, first access to new models","zh-TW":"30 天會員：對話不限次數，每日繪圖 50 張，優先使用新模型"}'),
  ('VIP_QUARTER', '90 天会员：对话不限次数，每日绘图 50 张，优先使用新模型', '{"en-US":"90 days of membership: unlimited chat, 50 drawings a day, first access to new models","zh-TW":"90 天會員：對話不限次數，每日繪圖 50 張，優先使用新模型"}'),
  ('VIP_YEAR', '365 天会员：对话不限次数，每日绘图 50 张，优先使用新模型，专属客服', '{"en-US":"365 days of membership: unlimited chat, 50 drawings a day, first access to new models, dedicated support","zh-TW":"365 天會員：對話不限次數，每日繪圖 50 張，優先使用新模型，專屬客服"}'),
  ('PLUS_MONTH', '30 天 Plus：包含会员全部权益，另享高清绘图不限量与更长上下文', '{"en-US":"30 days of Plus: every membership benefit, plus unlimited HD drawing and a longer context","zh-TW":"30 天 Plus：包含會員全部權益，另享高清繪圖不限量與更長上下文"}'),
  ('MUSIC_10', 'AI 作曲 10 次，长期有效', '{"en-US":"10 AI song compositions that never expire","zh-TW":"AI 作曲 10 次，長期有效"}'),
  ('MUSIC_50', 'AI 作曲 50 次，长期有效', '{"en-US":"50 AI song compositions that never expire","zh-TW":"AI 作曲 50 次，長期有效"}'),
  ('TRIAL_DAY', '1 天会员体验，每人限领一次', '{"en-US":"One day of membership to try, once per person","zh-TW":"1 天會員體驗，每人限領一次"}')
) AS t(code, zh, descriptions)
WHERE p."product_code" = t.code AND p."product_description" = t.zh AND p."descriptions" = '{}'::jsonb;
--> statement-breakpoint
-- Existing orders take their product's translated names where the order's name is still the product's.
UPDATE "orders" AS o SET "order_desc_names" = p."names"
FROM "products" AS p
WHERE o."product_id" = p."id" AND o."order_desc" = p."product_name";
