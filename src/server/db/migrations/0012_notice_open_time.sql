-- The welcome announcement (notice 6) names the claim's opening time as {{openTime}}, filled in
-- from COUPON_OPEN_HOUR when served, instead of a fixed "12:00". Only the text as first seeded is
-- replaced: an operator's own wording stays.
UPDATE "notices"
SET "content" = '{"zh-CN":"欢迎来到妙笔！每天 {{openTime}} 起可在「福利活动」领取免费体验码，当天畅享会员功能。","en-US":"Welcome to Miaobi! From {{openTime}} every day, claim a free experience code under Activities and enjoy membership for the day.","zh-TW":"歡迎來到妙筆！每天 {{openTime}} 起可在「福利活動」領取免費體驗碼，當天暢享會員功能。"}'::jsonb
WHERE "id" = 6
  AND "content" = '{"zh-CN":"欢迎来到妙笔！每天 12:00 起可在「福利活动」领取免费体验码，当天畅享会员功能。","en-US":"Welcome to Miaobi! From 12:00 every day, claim a free experience code under Activities and enjoy membership for the day.","zh-TW":"歡迎來到妙筆！每天 12:00 起可在「福利活動」領取免費體驗碼，當天暢享會員功能。"}'::jsonb;
