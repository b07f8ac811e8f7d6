import { z } from '@hono/zod-openapi';
import { safeText } from '../safe-text';
import { dailyQuotaFields } from './common';
import { fraction, int, rawText, text } from './input';

/** Free chat messages of today, as /api/chat/quota and the stream's `meta` event give them (docs/api.md). */
export const chatQuota = z
  .object({
    ...dailyQuotaFields,
    limit: dailyQuotaFields.limit.openapi({ description: 'messages a day; null is unlimited' }),
  })
  .openapi('ChatQuota');
export type ChatQuota = z.infer<typeof chatQuota>;

/** One model the chat offers the caller, in the page's language (docs/channels.md#levels). */
export const chatModelInfo = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    vision: z.boolean(),
    reasoning: z.boolean(),
    contextTokens: z.number().int().openapi({ description: 'context window in tokens; 0 when unknown' }),
  })
  .openapi('ChatModelInfo');
export type ChatModelInfo = z.infer<typeof chatModelInfo>;

/** GET /api/chat/models: `models` (ids) stays as before; `details` describes each, in the same order. */
export const chatModels = z
  .object({
    mode: z.enum(['offline', 'openai']),
    models: z.array(z.string()),
    defaultModel: z.string(),
    details: z.array(chatModelInfo),
    /** Whether a web search can be turned on for a question (docs/chat.md#sources): the composer shows its toggle. */
    webSearch: z.boolean(),
    /** Whether the site transcribes the microphone (POST /api/chat/transcribe); else the browser's recognition, if any. */
    transcription: z.boolean(),
    /** Whether the site reads answers aloud (POST /api/chat/speech); else the browser's synthesis, if any. */
    readAloud: z.boolean(),
  })
  .openapi('ChatModels');
export type ChatModels = z.infer<typeof chatModels>;

/** POST /api/chat/transcribe as multipart: one recording; the service tells its format by its bytes. */
export const chatRecording = z.object({
  // The largest SPEECH_MAX_BYTES may be; the service holds the configured one (413 past it).
  file: z
    .file({ message: 'chat:voice.noFile' })
    .max(2 * 1024 * 1024)
    .openapi({ type: 'string', format: 'binary' }),
});

/** POST /api/chat/transcribe: what the site's speech service heard. */
export const chatTranscript = z.object({ text: z.string() }).openapi('ChatTranscript');
export type ChatTranscript = z.infer<typeof chatTranscript>;

/** POST /api/chat/speech: words of an answer to read aloud, in Chinese or English. */
export const chatSpeechBody = z
  .object({ text: safeText(4000).trim().min(1), lang: z.enum(['zh', 'en']) })
  .openapi('ChatSpeechBody');

const int32 = z.number().int().min(0).max(2_147_483_647);
/**
 * A file attached to a question (docs/chat.md#attachments): a picture sent to vision models as
 * `image_url`, or a document whose extracted text goes along with the question. The bytes live in
 * the storage provider, private to their owner; `id` names the `chat_attachments` row.
 */
export const chatAttachment = z
  .object({
    id: safeText(40).min(1),
    kind: z.enum(['image', 'document']),
    name: safeText(200),
    mime: safeText(100),
    size: int32,
    /** Documents: characters of text extracted, and whether it was cut to the model's budget. */
    chars: int32.optional(),
    truncated: z.boolean().optional(),
  })
  .openapi('ChatAttachment');
export type ChatAttachment = z.infer<typeof chatAttachment>;

const int53 = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Knowledge bases one question may draw on at most (the composer holds the same bound). */
export const MAX_QUESTION_BASES = 5;

/**
 * What a question of POST /api/chat/process draws on besides the conversation (docs/chat.md#sources):
 * the person's knowledge bases (their own, checked on every question) and a web search.
 */
export const chatSourceChoice = {
  knowledgeBaseIds: z.array(int(1)).max(MAX_QUESTION_BASES).optional(),
  webSearch: z.boolean().optional(),
  /** The store app the conversation is with: its author's knowledge base is searched too, read-only. */
  appId: int(1).optional(),
};

/** Tokens of one answer as the usage ledger counted them (upstream usage, else the tokenizer). */
export const chatUsage = z.object({ inputTokens: int32, outputTokens: int32 }).openapi('ChatUsage');
export type ChatUsage = z.infer<typeof chatUsage>;

/**
 * One source an answer drew on, numbered as the answer cites it (`[1]`): a passage of one of the
 * person's knowledge bases, or a web page a search found (docs/chat.md#sources).
 */
export const chatCitation = z
  .object({
    n: z.number().int().min(1).max(50),
    kind: z.enum(['knowledge', 'web']),
    /** The file's name, or the page's title. */
    title: safeText(300),
    /** The passage, or the page's snippet, as the model read it. */
    text: safeText(4000),
    /** Knowledge passages: the base and file they came from, and the page of a PDF. */
    baseId: int32.optional(),
    fileId: int32.optional(),
    page: int32.optional(),
    /** Web results: the page's address and its site's name. */
    url: safeText(2000).optional(),
    site: safeText(200).optional(),
  })
  .openapi('ChatCitation');
export type ChatCitation = z.infer<typeof chatCitation>;

/** One tool call of an answer, shown folded like reasoning (docs/chat.md#tools). */
export const chatToolStep = z
  .object({
    id: safeText(64).min(1),
    /** The tool's name as the model called it (`knowledge_search`, `web_search`, `draw`, `now`, or an MCP tool). */
    name: safeText(100),
    /** Its arguments as JSON text, and its result as text (both cut to a bound). */
    input: safeText(4000),
    output: safeText(8000).optional(),
    ok: z.boolean().optional(),
    ms: int32.optional(),
  })
  .openapi('ChatToolStep');
export type ChatToolStep = z.infer<typeof chatToolStep>;

/** The fields one answer (or one question) has; a message's other versions keep these (variants). */
const answerFields = {
  text: safeText(32_000),
  error: z.boolean().optional(),
  model: safeText(100).optional(),
  /** The model's reasoning ("思考过程"), never sent back as context. */
  reasoning: safeText(32_000).optional(),
  /** Milliseconds spent reasoning before the answer began. */
  thinkMs: int32.optional(),
  usage: chatUsage.optional(),
  /** Set when the answer stopped before its end (stop pressed, length limit): "continue" is offered. */
  cut: z.boolean().optional(),
  attachments: z.array(chatAttachment).max(8).optional(),
  /** The sources the answer was given, by their numbers. */
  citations: z.array(chatCitation).max(50).optional(),
  /** The tools it called, in order. */
  tools: z.array(chatToolStep).max(20).optional(),
};

/** One earlier version of a message, kept when it was regenerated (answers) or edited (questions). */
const messageVariantBase = z.object(answerFields);
export type MessageVariantBase = z.infer<typeof messageVariantBase>;

/**
 * One chat message as the browser keeps it and the account's sync stores it (docs/chat.md#messages).
 * `variants` hold its other versions and `variant` is where the shown version (the message's own
 * fields) sits among all of them, 0-based: the pager reads ‹ variant+1 / variants.length+1 ›. A question's versions also keep the messages that followed them (`tail`), so
 * flipping a question back brings its old answers with it; tails do not nest further.
 */
export const storedChatMessage = z
  .object({
    id: safeText(64).min(1),
    dateTime: int53,
    inversion: z.boolean(),
    ...answerFields,
    variant: z.number().int().min(0).max(19).optional(),
    variants: z
      .array(
        messageVariantBase.extend({
          tail: z
            .array(z.object({ id: safeText(64).min(1), dateTime: int53, inversion: z.boolean(), ...answerFields }))
            .max(80)
            .optional(),
        }),
      )
      .max(20)
      .optional(),
  })
  .openapi('ChatMessage');
export type StoredChatMessage = z.infer<typeof storedChatMessage>;
export type MessageVariant = NonNullable<StoredChatMessage['variants']>[number];

/**
 * Events of POST /api/chat/process (text/event-stream), in order: `meta`, then `citations` when
 * sources were gathered, then `reasoning`, `tool` and `delta` pieces (reasoning first when the
 * model thinks; a tool step is sent when it starts and again when it ends), then `done` or `error`.
 */
export interface ChatStreamEvents {
  /** `attachments`: the question's files as sent, `truncated` when a document was cut to the model's budget. */
  meta: { model: string; quota: ChatQuota; attachments?: ChatAttachment[] };
  /** Sources given to the model, numbered; sent again with more when a tool finds more. */
  citations: { items: ChatCitation[] };
  reasoning: { text: string };
  tool: ChatToolStep;
  delta: { text: string };
  done: { model: string; chars: number; ms: number; thinkMs?: number; usage?: ChatUsage; cut?: boolean };
  error: { kind: string; message: string };
}

/** Ids of one's own chat attachments (POST /api/chat/attachments), at most 8 a message. */
const attachmentIds = z.array(text(40, 1)).max(8).optional();
const processMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: rawText(16_000),
  attachments: attachmentIds,
});
/** POST /api/chat/process: the question, the conversation before it and the options. */
export const chatProcessBody = z.object({
  prompt: text(8000, 1),
  messages: z.array(processMessage).max(80).default([]),
  ...chatSourceChoice,
  options: z
    .object({
      model: rawText(100).optional(),
      usingContext: z.boolean().default(true),
      systemMessage: rawText(4000).optional(),
      temperature: fraction(0, 2).optional(),
      conversationId: int(0, Number.MAX_SAFE_INTEGER).optional(),
      attachments: attachmentIds,
      partial: rawText(32_000, 1)
        .optional()
        .openapi({
          description:
            'continue this answer to `prompt`, cut short: the model gets it as its last message and ' +
            'is asked to go on without repeating; the deltas are what follows it',
        }),
    })
    .default({ usingContext: true }),
});
/** What the browser sends to POST /api/chat/process. */
export type ChatProcessBody = z.input<typeof chatProcessBody>;

/** The path of GET /api/chat/attachments/{id}. */
export const attachmentParam = z.object({ id: text(40, 1) });
