import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StrokeSvg } from '../../components/StrokeSvg';
import { toast } from '../../lib/toast';
import { $models } from './chat-state';
import { siteSpeech } from './recorder';
import { canSpeak, pickVoice, readingLang, speechChunks } from './speech';

/** The answer being read (its button's id): one at a time, as the browser has one voice queue. */
const $reading = atom<string | null>(null);
/** The site's audio being fetched or played, stopped with the reading. */
let playing: { audio: HTMLAudioElement | null; abort: AbortController } | null = null;

function stopReading() {
  $reading.set(null);
  if (canSpeak()) speechSynthesis.cancel();
  playing?.abort.abort();
  playing?.audio?.pause();
  playing = null;
}

/** Plays the site's reading; false when the site has none for the language (the browser reads then). */
async function readBySite(id: string, text: string, lang: 'zh' | 'en', failed: string): Promise<boolean> {
  const abort = new AbortController();
  playing = { audio: null, abort };
  const mp3 = await siteSpeech(text, lang, abort.signal);
  if ($reading.get() !== id) return true;
  if (!mp3) return false;
  const url = URL.createObjectURL(mp3);
  const audio = new Audio(url);
  playing = { audio, abort };
  const end = (error: boolean) => {
    URL.revokeObjectURL(url);
    if ($reading.get() !== id) return;
    $reading.set(null);
    if (error) toast.error(failed);
  };
  audio.onended = () => end(false);
  audio.onerror = () => end(true);
  await audio.play().catch(() => end(true));
  return true;
}

async function read(id: string, markdown: string, pageLang: string, failed: string) {
  stopReading();
  $reading.set(id);
  // marked comes with the first answer shown, so this is usually loaded already.
  const { plainText } = await import('./plain-text');
  if ($reading.get() !== id) return;
  const text = plainText(markdown);
  const lang = readingLang(text, pageLang);
  if ($models.get()?.readAloud && (await readBySite(id, text, lang === 'en-US' ? 'en' : 'zh', failed))) return;
  if ($reading.get() !== id) return;
  if (!canSpeak()) {
    $reading.set(null);
    toast.error(failed);
    return;
  }
  const voice = pickVoice(speechSynthesis.getVoices(), lang);
  const chunks = speechChunks(text);
  chunks.forEach((chunk, i) => {
    const utterance = new SpeechSynthesisUtterance(chunk);
    utterance.lang = lang;
    if (voice) utterance.voice = voice;
    utterance.onerror = (e) => {
      if ($reading.get() !== id) return;
      $reading.set(null);
      if (e.error !== 'interrupted' && e.error !== 'canceled') toast.error(failed);
    };
    if (i === chunks.length - 1)
      utterance.onend = () => {
        if ($reading.get() === id) $reading.set(null);
      };
    speechSynthesis.speak(utterance);
  });
  if (chunks.length === 0) $reading.set(null);
}

/**
 * "Read aloud" under an answer: through the site's speech service when it has a voice for the
 * words' language (GET /api/chat/models `readAloud`), else the browser's synthesis; pressed again, it stops.
 */
export function ReadAloud({ text, className, disabled }: { text: string; className: string; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [browser] = useState(canSpeak);
  const bySite = Boolean(useStore($models)?.readAloud);
  const reading = useStore($reading) === id;

  useEffect(() => {
    // Chromium lists its voices only after a first ask: by the first click they are known.
    if (canSpeak()) speechSynthesis.getVoices();
    return () => {
      if ($reading.get() === id) stopReading();
    };
  }, [id]);

  if (!browser && !bySite) return null;
  const label = reading ? t('message.stopReading') : t('message.readAloud');
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      title={label}
      aria-pressed={reading}
      disabled={disabled}
      onClick={() => (reading ? stopReading() : void read(id, text, i18n.language, t('message.readFailed')))}
    >
      <StrokeSvg className="size-4">
        {reading ? (
          <path d="M7 7h10v10H7z" />
        ) : (
          <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4zM15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
        )}
      </StrokeSvg>
    </button>
  );
}
