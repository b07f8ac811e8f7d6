import type { SiteSettings } from '../../shared/site-settings';
import { activitySettings } from './activity';
import { chatConfig } from './chat';
import { drawConfig } from './drawing';
import type { Env } from './env';
import { musicConfig } from './music';
import { webSearchEnvSchema } from './web-search';

/**
 * The environment's value of every console setting: the default a setting
 * falls back to while the console has not set it (services/site-settings.ts
 * overlays the console's values). Read afresh: cheap, and tests change env.
 */
export function settingDefaults(env: Env): SiteSettings {
  const a = activitySettings(env);
  const chat = chatConfig(env);
  const draw = drawConfig(env);
  const music = musicConfig(env);
  const search = webSearchEnvSchema.parse(env);
  return {
    ICP_NUMBER: env.ICP_NUMBER,
    MAINTENANCE: a.MAINTENANCE,
    GROUP_QR_IMAGE: a.GROUP_QR_IMAGE,
    OFFICIAL_ACCOUNT_QR_IMAGE: a.OFFICIAL_ACCOUNT_QR_IMAGE,
    SUPPORT_QR_IMAGE: a.SUPPORT_QR_IMAGE,
    CHAT_FREE_VISITOR_DAILY: chat.CHAT_FREE_VISITOR_DAILY,
    CHAT_FREE_USER_DAILY: chat.CHAT_FREE_USER_DAILY,
    CHAT_MEMBER_DAILY: chat.CHAT_MEMBER_DAILY,
    CHAT_TOKENS_VISITOR_DAILY: chat.CHAT_TOKENS_VISITOR_DAILY,
    CHAT_TOKENS_USER_DAILY: chat.CHAT_TOKENS_USER_DAILY,
    CHAT_TOKENS_MEMBER_DAILY: chat.CHAT_TOKENS_MEMBER_DAILY,
    TOOL_CALLS_VISITOR_DAILY: chat.TOOL_CALLS_VISITOR_DAILY,
    TOOL_CALLS_USER_DAILY: chat.TOOL_CALLS_USER_DAILY,
    TOOL_CALLS_MEMBER_DAILY: chat.TOOL_CALLS_MEMBER_DAILY,
    DRAW_FREE_DAILY: draw.DRAW_FREE_DAILY,
    DRAW_MEMBER_DAILY: draw.DRAW_MEMBER_DAILY,
    MUSIC_FREE_DAILY: music.MUSIC_FREE_DAILY,
    MUSIC_MEMBER_FREE_DAILY: music.MUSIC_MEMBER_FREE_DAILY,
    WEB_SEARCH_VISITOR_DAILY: search.WEB_SEARCH_VISITOR_DAILY,
    WEB_SEARCH_FREE_DAILY: search.WEB_SEARCH_FREE_DAILY,
    WEB_SEARCH_MEMBER_DAILY: search.WEB_SEARCH_MEMBER_DAILY,
    KNOWLEDGE_BASES_USER: env.KNOWLEDGE_BASES_USER,
    KNOWLEDGE_BASES_MEMBER: env.KNOWLEDGE_BASES_MEMBER,
    KNOWLEDGE_FILES_USER: env.KNOWLEDGE_FILES_USER,
    KNOWLEDGE_FILES_MEMBER: env.KNOWLEDGE_FILES_MEMBER,
    KNOWLEDGE_MB_USER: env.KNOWLEDGE_MB_USER,
    KNOWLEDGE_MB_MEMBER: env.KNOWLEDGE_MB_MEMBER,
    KNOWLEDGE_CHUNKS_USER: env.KNOWLEDGE_CHUNKS_USER,
    KNOWLEDGE_CHUNKS_MEMBER: env.KNOWLEDGE_CHUNKS_MEMBER,
    PAY_LIMIT_MINUTES: env.PAY_LIMIT_MINUTES,
    COUPON_DAILY_LIMIT: a.COUPON_DAILY_LIMIT,
    COUPON_OPEN_HOUR: a.COUPON_OPEN_HOUR,
    REVIEW_PICTURES: env.REVIEW_PICTURES,
    REVIEW_SONGS: env.REVIEW_SONGS,
    REVIEW_APPS: env.REVIEW_APPS,
    REFERRAL_INVITER_DAYS: env.REFERRAL_INVITER_DAYS,
    REFERRAL_INVITEE_DAYS: env.REFERRAL_INVITEE_DAYS,
    REFERRAL_DAILY_CAP: env.REFERRAL_DAILY_CAP,
    REFERRAL_LEVEL1_BP: env.REFERRAL_LEVEL1_BP,
    REFERRAL_LEVEL2_BP: env.REFERRAL_LEVEL2_BP,
    REFERRAL_HOLD_DAYS: env.REFERRAL_HOLD_DAYS,
    REFERRAL_WITHDRAW_MIN_FEN: env.REFERRAL_WITHDRAW_MIN_FEN,
  };
}
