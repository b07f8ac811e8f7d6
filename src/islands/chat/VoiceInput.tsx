import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StrokeSvg } from '../../components/StrokeSvg';
import { toast } from '../../lib/toast';
import { $models } from './chat-state';
import { canRecord } from './recorder';
import { SiteVoice } from './SiteVoice';
import { type Recognition, recognitionClass, recognitionLang } from './speech';

const BUTTON = 'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-xl px-2.5 text-sm transition-colors';

/** Recognition errors → message key; 'aborted' (our own stop) says nothing. */
const ERRORS: Record<string, string> = {
  'not-allowed': 'composer.voiceDenied',
  'audio-capture': 'composer.voiceDenied',
  'no-speech': 'composer.voiceNoSpeech',
  network: 'composer.voiceNetwork',
  'service-not-allowed': 'composer.voiceNetwork',
};

/**
 * The composer's microphone: recorded and heard by the site when it has a speech service (GET
 * /api/chat/models `transcription`), else the browser's own recognition, else none.
 */
export function VoiceInput({ text, onText }: { text: string; onText(text: string): void }) {
  const models = useStore($models);
  const [recordable] = useState(canRecord);
  if (models?.transcription && recordable) return <SiteVoice text={text} onText={onText} className={BUTTON} />;
  return <BrowserVoice text={text} onText={onText} />;
}

/**
 * The browser's recognition: what the person says goes into the input as they speak (interim
 * results included), after what was already typed. Absent where the browser has none. Clearing
 * the input (sending it) stops listening.
 */
function BrowserVoice({ text, onText }: { text: string; onText(text: string): void }) {
  const { t, i18n } = useTranslation();
  const [supported] = useState(() => recognitionClass() !== undefined);
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const latest = useRef(text);
  latest.current = text;

  useEffect(() => () => recognition.current?.abort(), []);
  useEffect(() => {
    if (!text) recognition.current?.abort();
  }, [text]);

  if (!supported) return null;

  const start = () => {
    const Recognition = recognitionClass();
    if (!Recognition) return;
    const r = new Recognition();
    r.lang = recognitionLang(i18n.language);
    r.interimResults = true;
    r.continuous = true;
    const typed = latest.current;
    // Latin words need a space after what was typed; Chinese runs on.
    const before = typed && !/[\s\u3000-\u9fff\uff00-\uffef]$/.test(typed) ? `${typed} ` : typed;
    r.onresult = (event) => {
      let said = '';
      for (const result of Array.from(event.results)) said += result[0]?.transcript ?? '';
      onText(before + said);
    };
    r.onerror = (event) => {
      if (event.error !== 'aborted') toast.error(t(ERRORS[event.error] ?? 'composer.voiceFailed'));
    };
    r.onend = () => {
      if (recognition.current === r) recognition.current = null;
      setListening(false);
    };
    try {
      r.start();
    } catch {
      toast.error(t('composer.voiceFailed'));
      return;
    }
    recognition.current = r;
    setListening(true);
  };

  return (
    <button
      type="button"
      onClick={() => (listening ? recognition.current?.stop() : start())}
      aria-pressed={listening}
      aria-label={listening ? t('composer.voiceStop') : t('voice.byBrowser')}
      title={listening ? t('composer.voiceStop') : t('voice.byBrowser')}
      className={`${BUTTON} ${
        listening
          ? 'bg-red-50 text-red-700 ring-1 ring-red-300 dark:bg-red-950/50 dark:text-red-200 dark:ring-red-800'
          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
      }`}
    >
      <StrokeSvg className={`size-5 ${listening ? 'animate-pulse motion-reduce:animate-none' : ''}`}>
        <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7" />
      </StrokeSvg>
      {listening && (
        <span className="hidden sm:inline" aria-hidden="true">
          {t('composer.listening')}
        </span>
      )}
    </button>
  );
}
