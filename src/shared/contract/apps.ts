import { z } from '@hono/zod-openapi';
import { UPLOAD_AIGC_MARKS } from '../compliance';
import { pageOf } from './common';
import { int, paging, pattern, rawText, id as serialId, text } from './input';
import { reviewState } from './moderation';

/** Requests and replies of the applications API (src/server/api/apps): the store and the caller's own applications. */

/** A published application of the store. */
export const storeApp = z
  .object({
    id: z.number().int(),
    promptTitle: z.string(),
    promptContent: z.string(),
    promptDescription: z.string(),
    iconUrl: z.string().openapi({ description: '`emoji:✍️` (built-in) or a /files/… image URL' }),
    /** An implicit AI label the uploaded icon carried (docs/compliance.md#upload-checks), or null. */
    iconAigc: z.enum(UPLOAD_AIGC_MARKS).nullable(),
    category: z.string(),
  })
  .openapi('StoreApp');
export type StoreApp = z.infer<typeof storeApp>;

/**
 * One of the caller's own applications, drafts included, with its review state:
 * pending is not in the store yet; hidden was taken down (only the owner sees it).
 */
export const ownApp = storeApp
  .extend({
    published: z.boolean(),
    review: reviewState,
    updatedAt: z.string(),
    /** The author's knowledge base the app answers from, or null (docs/knowledge.md#an-apps-base). */
    knowledgeBaseId: z.number().int().nullable(),
  })
  .openapi('OwnApp');
export type OwnApp = z.infer<typeof ownApp>;

export const ownApps = z.object({ records: z.array(ownApp) });

/** /api/prompt/export: the prompt-store import file (not the usual reply shape). */
export const promptExport = z.array(z.object({ act: z.string(), prompt: z.string() }));

/** Built-in emoji icon or an icon uploaded through /app/icon. */
const iconUrl = pattern(/^(emoji:[^\s]{1,16}|\/files\/app-icons\/[0-9]+\/[0-9a-f]{16}\.webp)$/, 300, {
  trim: true,
  message: 'chat:app.iconBad',
});

/** /api/app/create and /update: an application as its owner writes it. */
export const appInput = z.object({
  promptTitle: text(40, 1),
  promptContent: text(4000, 1),
  promptDescription: text(200).default(''),
  iconUrl,
  published: z.boolean().default(false),
  /** One of the author's own knowledge bases, searched for everyone chatting with the app; null detaches, absent keeps. */
  knowledgeBaseId: int(1).nullable().optional(),
});
/** The form's fields: what /app/create takes, every field filled in. */
export type AppFields = Required<z.input<typeof appInput>>;

const id = serialId();
/** One application by its id (detail's query, delete's body). */
export const appId = z.object({ id });
/** POST /api/app/update: the application's fields and its id. */
export const appUpdate = appInput.extend({ id });
/** POST /api/app/icon: a picture as a data: URL, at most 512 KB. */
export const appIcon = z.object({
  image: rawText(720_000).regex(/^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/, 'chat:app.iconInvalid'),
});
export const appIconStored = z.object({ iconUrl: z.string() });

/** POST /api/prompt/list/all: a page of the store, searched by `content`. */
export const storeQuery = paging(100, 30).extend({
  orderNo: rawText(40).optional(),
  content: text(100).optional(),
});
export const storePage = pageOf(storeApp);
