// Model channels' vocabulary, shared by the console and the server without zod (docs/channels.md).

/** What a model channel serves. */
export const CHANNEL_KINDS = ['chat', 'image', 'music', 'video', 'speech'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The upstream's dialect: how requests are made and answers read (docs/channels.md). */
export const CHANNEL_FLAVOURS = {
  chat: ['openai'],
  image: ['midjourney-proxy', 'mj-plus', 'sd-webui', 'openai-images'],
  music: ['suno-api'],
  video: ['kling', 'jimeng', 'luma'],
  speech: ['openai-speech'],
} as const satisfies Record<ChannelKind, readonly string[]>;
export type ChannelFlavour = (typeof CHANNEL_FLAVOURS)[ChannelKind][number];

/** Who may pick a model: visitors (not signed in), signed-in users without membership, members. */
export const MEMBER_LEVELS = ['visitor', 'user', 'member'] as const;
export type MemberLevel = (typeof MEMBER_LEVELS)[number];

/** A base URL the providers can append paths to: http(s), no trailing slash, no query or fragment. */
export function normalBaseUrl(raw: string): string | null {
  const text = raw.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.search || url.hash || url.username || url.password) return null;
  return text;
}
