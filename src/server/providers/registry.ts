import type { ChannelFlavour, ChannelKind } from '../../shared/contract/channels';
import { chatConfig } from '../config/chat';
import { drawConfig } from '../config/drawing';
import type { Env } from '../config/env';
import { knowledgeConfig } from '../config/knowledge';
import { musicConfig } from '../config/music';
import { isLoopbackOrigin } from '../sandbox';
import { type DownloadedPage, downloadGuarded, downloadPage, type GuardedDownload } from './download-page';
import { createOpenAiEmbeddings, type EmbeddingsProvider } from './embeddings';
import { createMidjourneyProxyProvider } from './image/midjourney-proxy';
import { createOfflineProvider } from './image/offline';
import { createOpenAiImageProvider } from './image/openai';
import { createSdWebuiProvider } from './image/sd-webui';
import type { ImageProvider } from './image/types';
import type { LlmProvider } from './llm';
import { createOpenAiLlm } from './llm/openai';
import { createMcpClient, type McpClient, type McpTarget } from './mcp/client';
import { createSunoProvider } from './music/suno';
import type { MusicProvider } from './music/types';
import { type ProbeResult, type ProbeTarget, probeChannel } from './probe';
import { createOpenAiSpeech, type SpeechProvider } from './speech';
import { videoAdapter } from './video/channels';
import type { VideoProvider } from './video/types';
import { createWebSearchProvider, type WebSearchProvider, type WebSearchTarget } from './web-search';

/** One key of one console channel, as an adapter is built from it (the key opened, in memory only). */
export interface ChannelTarget {
  kind: ChannelKind;
  flavour: ChannelFlavour;
  baseUrl: string;
  /** The key; '' when the upstream takes none. */
  secret: string;
  /** The channel's model ids: chat lists them; an image or music adapter works with the first, speech with two. */
  models: string[];
}

/**
 * Hands out the model adapters (docs/channel-routing.md#adapters): built once per channel key and
 * kept until a channel or setting changes in any process. Built by bootstrap.ts; services ask it and
 * never build an adapter or call an upstream themselves.
 */
export interface ProviderRegistry {
  /** The adapter a chat answer goes through: the console's chat channels when there are any, else the bootstrap channel. */
  chat(): Promise<LlmProvider>;
  /** The environment's chat adapter (OPENAI_BASE_URL, or the offline responder): the bootstrap channel. */
  readonly bootstrapLlm: LlmProvider;
  llm(target: ChannelTarget): LlmProvider;
  image(target: ChannelTarget): ImageProvider;
  music(target: ChannelTarget): MusicProvider;
  video(target: ChannelTarget): VideoProvider;
  /** An MCP server's client (docs/chat.md#tools): connected once and kept while its settings stay. */
  mcp(target: McpTarget): McpClient;
  /** The embeddings adapter (EMBEDDINGS_BASE_URL), built once at start-up; null when none is configured. */
  readonly embeddings: EmbeddingsProvider | null;
  /** A console speech channel's adapter: its first model transcribes, its second (if any) reads aloud. */
  speech(target: ChannelTarget): SpeechProvider;
  /** The environment's speech adapter (SPEECH_BASE_URL), built once at start-up; null when none is configured. */
  readonly bootstrapSpeech: SpeechProvider | null;
  /** The offline drawing engine, built once: pictures it drew can be acted on whatever engine the site uses now. */
  readonly offlineImage: ImageProvider;
  /** The console's test of a channel: read-only calls to its upstream (providers/probe). */
  probe(target: ProbeTarget): Promise<ProbeResult>;
  /** The web search adapter of a setting (docs/web-search.md), built once per setting. */
  webSearch(target: WebSearchTarget): WebSearchProvider;
  /** A search result's page through the download guard: public addresses only, size and time capped. */
  page(url: string, signal: AbortSignal): Promise<DownloadedPage>;
  /**
   * A knowledge base's page or file through the same guard, whole: refused past KNOWLEDGE_FILE_MAX_BYTES;
   * private addresses only under DOWNLOAD_ALLOW_PRIVATE. Throws GuardRefused.
   */
  download(url: string, signal: AbortSignal): Promise<GuardedDownload>;
  /** Drops every adapter kept, closing MCP connections (bootstrap calls it on the channels', settings' and MCP servers' NOTIFY). */
  invalidate(): void;
}

/** Adapters kept at most; past it the registry starts again (keys rotate, channels are few). */
const MAX_ADAPTERS = 256;

/** A result's page: read at most this much of it, within this long. */
export const PAGE_MAX_BYTES = 1024 * 1024;
export const PAGE_TIMEOUT_MS = 8000;
/** A knowledge base's page or file: read within this long, at most five redirects. */
export const FILE_TIMEOUT_MS = 20_000;

/**
 * The adapter kept under `key` (everything it is built from), built on first use. Past
 * MAX_ADAPTERS the map starts again; `clear` empties it (closing connections where it has any).
 */
function keptIn<T>(map: Map<string, T>, key: string, build: () => T, clear = () => map.clear()): T {
  const hit = map.get(key);
  if (hit !== undefined) return hit;
  if (map.size >= MAX_ADAPTERS) clear();
  const made = build();
  map.set(key, made);
  return made;
}

const trimmed = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

export function createProviderRegistry(opts: {
  env: Env;
  bootstrapLlm: LlmProvider;
  /** The chat channels' router (services/channels/router.ts); null when the console has none. */
  routedChat: () => Promise<LlmProvider | null>;
}): ProviderRegistry {
  const { env } = opts;
  type Adapter = LlmProvider | ImageProvider | MusicProvider | VideoProvider | SpeechProvider;
  const kept = new Map<string, Adapter>();
  const searches = new Map<string, WebSearchProvider>();
  // Pages on loopback are read only while the site itself is on loopback (a developer's machine).
  const allowLoopback = isLoopbackOrigin(env.PUBLIC_ORIGIN);
  // Everything an adapter is built from is in its key, so a kept adapter is never one of an older setting.
  const keep = <T extends Adapter>(t: ChannelTarget, build: () => T): T =>
    keptIn(kept, JSON.stringify([t.kind, t.flavour, t.baseUrl, t.secret, t.models]), build) as T;
  const mcpClients = new Map<string, McpClient>();
  const closeMcp = () => {
    for (const c of mcpClients.values()) void c.close();
    mcpClients.clear();
  };
  const k = knowledgeConfig(env);
  const embeddings = k.EMBEDDINGS_BASE_URL
    ? createOpenAiEmbeddings({
        baseUrl: k.EMBEDDINGS_BASE_URL,
        apiKey: k.EMBEDDINGS_API_KEY,
        model: k.EMBEDDINGS_MODEL,
      })
    : null;
  const bootstrapSpeech = env.SPEECH_BASE_URL
    ? createOpenAiSpeech({
        baseUrl: env.SPEECH_BASE_URL,
        apiKey: env.SPEECH_API_KEY,
        model: env.SPEECH_TRANSCRIBE_MODEL,
        ttsModel: env.SPEECH_TTS_MODEL,
      })
    : null;
  return {
    bootstrapLlm: opts.bootstrapLlm,
    embeddings,
    bootstrapSpeech,
    offlineImage: createOfflineProvider({ stepMs: drawConfig(env).DRAW_OFFLINE_STEP_MS }),
    async chat() {
      return (await opts.routedChat()) ?? opts.bootstrapLlm;
    },
    llm(t) {
      return keep(t, () => {
        const cfg = chatConfig(env);
        return createOpenAiLlm({
          baseUrl: trimmed(t.baseUrl),
          apiKey: t.secret,
          models: t.models,
          connectTimeoutMs: cfg.LLM_CONNECT_TIMEOUT_MS,
          idleTimeoutMs: cfg.LLM_IDLE_TIMEOUT_MS,
        });
      });
    },
    image(t) {
      return keep(t, () => imageAdapter(env, t));
    },
    music(t) {
      return keep(t, () =>
        createSunoProvider({
          baseUrl: t.baseUrl,
          apiKey: t.secret || undefined,
          model: t.models[0],
          pollMs: musicConfig(env).MUSIC_POLL_MS,
        }),
      );
    },
    video(t) {
      return keep(t, () => videoAdapter(env, t));
    },
    speech(t) {
      // Services only route to a channel with a first model; '' is never sent.
      return keep(t, () =>
        createOpenAiSpeech({
          baseUrl: trimmed(t.baseUrl),
          apiKey: t.secret || undefined,
          model: t.models[0] ?? '',
          ttsModel: t.models[1] ?? '',
        }),
      );
    },
    mcp(t) {
      const build = () => createMcpClient(t, { timeoutMs: env.CHAT_TOOL_TIMEOUT_MS, maxBytes: env.MCP_MAX_BYTES });
      return keptIn(mcpClients, JSON.stringify([t.url, t.token]), build, closeMcp);
    },
    webSearch(t) {
      return keptIn(searches, JSON.stringify([t.provider, t.baseUrl, t.secret]), () => createWebSearchProvider(t));
    },
    page(url, signal) {
      return downloadPage(url, { maxBytes: PAGE_MAX_BYTES, timeoutMs: PAGE_TIMEOUT_MS, signal, allowLoopback });
    },
    download(url, signal) {
      // Read on use: a test may change the environment.
      const cfg = knowledgeConfig(env);
      return downloadGuarded(url, {
        maxBytes: cfg.KNOWLEDGE_FILE_MAX_BYTES,
        overflow: 'refuse',
        timeoutMs: FILE_TIMEOUT_MS,
        signal,
        maxRedirects: 5,
        allowPrivate: cfg.DOWNLOAD_ALLOW_PRIVATE,
        accept: 'text/html,application/pdf,text/*;q=0.9',
      });
    },
    probe: probeChannel,
    invalidate() {
      kept.clear();
      searches.clear();
      closeMcp();
    },
  };
}

/** The adapter for an image channel's flavour, on its base URL with one of its keys. */
function imageAdapter(env: Env, t: ChannelTarget): ImageProvider {
  const baseUrl = trimmed(t.baseUrl);
  const key = t.secret || undefined;
  switch (t.flavour) {
    case 'sd-webui': {
      const cfg = drawConfig(env);
      return createSdWebuiProvider({
        baseUrl,
        auth: key,
        pollMs: 500,
        sampler: cfg.SD_WEBUI_SAMPLER,
        upscaler: cfg.SD_WEBUI_UPSCALER,
      });
    }
    case 'openai-images':
      return createOpenAiImageProvider({
        baseUrl,
        apiKey: key,
        model: t.models[0] ?? drawConfig(env).OPENAI_IMAGE_MODEL,
      });
    default:
      // midjourney-proxy and mj-plus
      return createMidjourneyProxyProvider({ baseUrl, secret: key, pollMs: 3000, plus: t.flavour === 'mj-plus' });
  }
}
