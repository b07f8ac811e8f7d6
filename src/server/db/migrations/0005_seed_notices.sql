-- Notices a new installation starts with (issue 8): id 6 is the site-wide
-- announcement shown once as a toast; 1 and 2 are the chat and draw page banners.
INSERT INTO "notices" ("id", "kind", "page", "content") VALUES
  (6, 'announcement', NULL, '{"zh-CN":"欢迎来到妙笔！每天 12:00 起可在「福利活动」领取免费体验码，当天畅享会员功能。","en-US":"Welcome to Miaobi! From 12:00 every day, claim a free experience code under Activities and enjoy membership for the day.","zh-TW":"歡迎來到妙筆！每天 12:00 起可在「福利活動」領取免費體驗碼，當天暢享會員功能。"}'::jsonb),
  (1, 'banner', 'chat', '{"zh-CN":"新增多款对话模型，快来体验吧！","en-US":"New chat models have been added. Give them a try!","zh-TW":"新增多款對話模型，快來體驗吧！"}'::jsonb),
  (2, 'banner', 'draw', '{"zh-CN":"绘画功能处于公测阶段，生成效果持续优化中。","en-US":"Drawing is in beta; results keep improving.","zh-TW":"繪畫功能處於公測階段，生成效果持續優化中。"}'::jsonb)
ON CONFLICT ("id") DO NOTHING;
