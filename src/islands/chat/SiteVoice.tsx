import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StrokeSvg } from '../../components/StrokeSvg';
import { toast } from '../../lib/toast';
import { MAX_RECORDING_MS, recordingType, transcribeRecording } from './recorder';

type State = 'idle' | 'recording' | 'sending';

/** Latin words need a space after what was typed; Chinese runs on. */
export const joinTyped = (typed: string, said: string) =>
  typed && said && !/[\s\u3000-\u9fff\uff00-\uffef]$/.test(typed) ? `${typed} ${said}` : typed + said;

/** Stops a recording; `drop` discards it instead of sending it. */
function stopRecording(r: MediaRecorder | null, dropped: { current: boolean }, drop: boolean) {
  dropped.current = drop;
  if (r?.state === 'recording') r.stop();
}

/**
 * The composer's microphone when the site transcribes: records (at most a minute), and on stop
 * sends the recording to the site and puts the text after what was typed. Clearing the input
 * (sending the question) while recording drops the recording.
 */
export function SiteVoice({
  text,
  onText,
  className,
}: {
  text: string;
  onText(text: string): void;
  className: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>('idle');
  const recorder = useRef<MediaRecorder | null>(null);
  const dropped = useRef(false);
  const latest = useRef(text);
  latest.current = text;

  const halt = (drop: boolean) => stopRecording(recorder.current, dropped, drop);
  useEffect(() => () => stopRecording(recorder.current, dropped, true), []);
  useEffect(() => {
    if (!text) stopRecording(recorder.current, dropped, true);
  }, [text]);

  const start = async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      toast.error(t('composer.voiceDenied'));
      return;
    }
    const type = recordingType();
    const r = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const parts: Blob[] = [];
    const limit = setTimeout(() => halt(false), MAX_RECORDING_MS);
    r.ondataavailable = (e) => {
      if (e.data.size > 0) parts.push(e.data);
    };
    r.onstop = async () => {
      clearTimeout(limit);
      for (const track of stream.getTracks()) track.stop();
      recorder.current = null;
      if (dropped.current || parts.length === 0) {
        setState('idle');
        return;
      }
      setState('sending');
      const heard = await transcribeRecording(new Blob(parts, { type: r.mimeType || type || 'audio/webm' }));
      setState('idle');
      if (!heard.ok) toast.error(heard.message || t('composer.voiceFailed'));
      else if (heard.text) onText(joinTyped(latest.current, heard.text));
      else toast.error(t('composer.voiceNoSpeech'));
    };
    dropped.current = false;
    recorder.current = r;
    r.start();
    setState('recording');
  };

  const recording = state === 'recording';
  // The visible words are part of the name (WCAG 2.5.3); the tooltip says the rest.
  const label = recording ? t('composer.voiceStop') : state === 'sending' ? t('voice.transcribing') : t('voice.bySite');
  return (
    <button
      type="button"
      disabled={state === 'sending'}
      onClick={() => (recording ? halt(false) : void start())}
      aria-pressed={recording}
      aria-label={label}
      title={recording ? t('voice.recording') : label}
      className={`${className} ${
        recording
          ? 'bg-red-50 text-red-700 ring-1 ring-red-300 dark:bg-red-950/50 dark:text-red-200 dark:ring-red-800'
          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
      }`}
    >
      <StrokeSvg
        className={`size-5 ${recording || state === 'sending' ? 'animate-pulse motion-reduce:animate-none' : ''}`}
      >
        {recording ? (
          <rect x="7" y="7" width="10" height="10" rx="1.5" />
        ) : (
          <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7" />
        )}
      </StrokeSvg>
      {state !== 'idle' && (
        <span className="hidden sm:inline" aria-hidden="true">
          {recording ? t('composer.voiceStop') : t('voice.transcribing')}
        </span>
      )}
    </button>
  );
}
