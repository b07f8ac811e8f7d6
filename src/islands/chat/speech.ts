/**
 * The browser's speech services, where it has them: recognition for the composer's
 * microphone, synthesis for reading answers aloud. Pure helpers; the components are
 * VoiceInput.tsx and ReadAloud.tsx.
 */

/** The part of the Web Speech API's SpeechRecognition the composer uses (not in TypeScript's DOM types). */
export interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

/** SpeechRecognition, prefixed in Chromium and Safari; undefined where the browser has none. */
export function recognitionClass(): (new () => Recognition) | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as Record<string, (new () => Recognition) | undefined>;
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

export function canSpeak(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance === 'function';
}

const SPEECH_LANGS = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type SpeechLang = (typeof SPEECH_LANGS)[number];

/** The recognition language of the page's language. */
export function recognitionLang(pageLang: string): SpeechLang {
  return (SPEECH_LANGS as readonly string[]).includes(pageLang) ? (pageLang as SpeechLang) : 'zh-CN';
}

/** The language an answer is read in: Chinese when it holds Chinese (in the page's script), else English. */
export function readingLang(text: string, pageLang: string): SpeechLang {
  if (!/[\u3400-\u9fff]/.test(text)) return 'en-US';
  return pageLang === 'zh-TW' ? 'zh-TW' : 'zh-CN';
}

type Voice = Pick<SpeechSynthesisVoice, 'lang' | 'localService' | 'default'>;

/**
 * The best voice for lang: the same language and region, then the same language
 * (for Chinese, Taiwan and Hong Kong voices before others for zh-TW), local voices first.
 * Undefined when none speaks it: the browser then picks by the utterance's lang.
 */
export function pickVoice<V extends Voice>(voices: readonly V[], lang: SpeechLang): V | undefined {
  const norm = (l: string) => l.replace('_', '-').toLowerCase();
  const primary = lang.slice(0, 2);
  const regions = lang === 'zh-TW' ? ['zh-tw', 'zh-hk'] : [lang.toLowerCase()];
  const score = (v: V) => {
    const l = norm(v.lang);
    if (!l.startsWith(primary)) return -1;
    return (regions.includes(l) ? 4 : 0) + (v.localService ? 2 : 0) + (v.default ? 1 : 0);
  };
  let best: V | undefined;
  for (const v of voices) if (score(v) >= 0 && (!best || score(v) > score(best))) best = v;
  return best;
}

/**
 * Text cut into utterances of at most `max` characters at sentence ends (then at
 * commas or spaces): browsers stop reading a single long utterance part-way.
 */
export function speechChunks(text: string, max = 180): string[] {
  const sentences = text.match(/[^。！？!?.;；\n]+[。！？!?.;；\n]*|[。！？!?.;；\n]+/g) ?? [];
  const chunks: string[] = [];
  let current = '';
  const push = () => {
    if (current.trim()) chunks.push(current.trim());
    current = '';
  };
  for (const sentence of sentences) {
    if (current.length + sentence.length > max) push();
    let rest = sentence;
    while (rest.length > max) {
      const cut = Math.max(rest.lastIndexOf('，', max), rest.lastIndexOf(',', max), rest.lastIndexOf(' ', max));
      const at = cut > max / 2 ? cut + 1 : max;
      current = rest.slice(0, at);
      push();
      rest = rest.slice(at);
    }
    current += rest;
  }
  push();
  return chunks;
}
