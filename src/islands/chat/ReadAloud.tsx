import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StrokeSvg } from '../../components/StrokeSvg';
import { toast } from '../../lib/toast';
import { canSpeak, pickVoice, readingLang, speechChunks } from './speech';

/** The answer being read (its button's id): one at a time, as the browser has one voice queue. */
const $reading = atom<string | null>(null);

function stopReading() {
  $reading.set(null);
  speechSynthesis.cancel();
}

async function read(id: string, markdown: string, pageLang: string, failed: string) {
  stopReading();
  $reading.set(id);
  // marked comes with the first answer shown, so this is usually loaded already.
  const { plainText } = await import('./plain-text');
  if ($reading.get() !== id) return;
  const text = plainText(markdown);
  const lang = readingLang(text, pageLang);
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

/** "Read aloud" under an answer, through the browser's speech synthesis; pressed again, it stops. */
export function ReadAloud({ text, className, disabled }: { text: string; className: string; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [supported] = useState(canSpeak);
  const reading = useStore($reading) === id;

  useEffect(() => {
    // Chromium lists its voices only after a first ask: by the first click they are known.
    if (canSpeak()) speechSynthesis.getVoices();
    return () => {
      if ($reading.get() === id) stopReading();
    };
  }, [id]);

  if (!supported) return null;
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
