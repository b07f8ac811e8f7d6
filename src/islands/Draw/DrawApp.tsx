import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DrawQuota, fetchQuota, listMine, listPublic, type Picture } from '../../components/draw/draw-api';
import { useLazyConfirm, useViewer } from '../../components/draw/lazy-dialogs';
import { useDrawing } from '../../components/draw/use-drawing';
import { usePictureActions } from '../../components/draw/use-picture-actions';
import { usePictureList } from '../../components/draw/use-picture-list';
import { openLogin } from '../../lib/login-event';
import { $token } from '../../stores/auth';
import { $drawSettings, applySettings } from '../../stores/draw-settings';
import { AdvancedFields, type AdvancedValues, EMPTY_ADVANCED } from './AdvancedFields';
import { ProgressPanel } from './ProgressPanel';
import { PromptBox } from './PromptBox';
import { SettingsDrawer } from './SettingsDrawer';
import { Works, type WorksTab } from './Works';

/** A picture's prompt and settings to start from ('draw same style' from the square). */
export interface DrawDraft {
  prompt: string;
  drawRate?: string;
  drawQuality?: number;
  drawSteps?: number;
}

export interface DrawAppProps {
  /** The /sd page: negative prompt, seed and reference images too. */
  advanced?: boolean;
  draft?: DrawDraft | null;
}

/** SPEC §2 /draw: settings panel (a drawer on phones), prompt, progress, my works and the public gallery. */
export function DrawApp({ advanced = false, draft = null }: DrawAppProps) {
  const { t } = useTranslation('draw');
  const loggedIn = Boolean(useStore($token));
  const [prompt, setPrompt] = useState(draft?.prompt ?? '');
  const [extra, setExtra] = useState<AdvancedValues>(EMPTY_ADVANCED);
  const [drawer, setDrawer] = useState(false);
  const [quota, setQuota] = useState<DrawQuota | null>(null);
  const [tab, setTab] = useState<WorksTab>(loggedIn ? 'mine' : 'public');
  const mine = usePictureList(listMine, loggedIn && tab === 'mine');
  const pub = usePictureList(listPublic, tab === 'public');

  const refreshQuota = useCallback(() => {
    if (loggedIn) void fetchQuota().then((r) => r.kind === 'reply' && setQuota(r.data));
  }, [loggedIn]);
  useEffect(refreshQuota, [refreshQuota]);
  useEffect(() => {
    if (draft) applySettings(draft);
  }, [draft]);

  const drawing = useDrawing({
    loggedIn,
    onDone(message) {
      mine.prepend(message);
      setTab('mine');
    },
    onQuotaChange: refreshQuota,
  });

  const generate = (source: { prompt: string; drawRate?: string; drawQuality?: number; drawSteps?: number }) => {
    const s = $drawSettings.get();
    const seed = extra.seed === '' ? undefined : Number(extra.seed);
    void drawing.submit({
      prompt: source.prompt,
      drawRate: source.drawRate ?? s.selectedAspectRatio,
      drawQuality: source.drawQuality ?? s.drawSelectedOption,
      drawSteps: source.drawSteps ?? s.drawSteps,
      drawPublicFlag: s.drawPublicFlag,
      mode: advanced ? 'sd' : 'draw',
      ...(advanced ? { negativePrompt: extra.negativePrompt.trim(), seed, base64Array: extra.references } : {}),
    });
  };

  const { confirm, confirmElement } = useLazyConfirm();
  const actions = usePictureActions({
    confirm,
    onDeleted: mine.remove,
    fill(p: Picture) {
      applySettings(p);
      setPrompt(p.prompt);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
  });
  const viewer = useViewer({ onCopy: actions.copy, sameStyle: () => actions.sameStyle });

  return (
    <div className="relative flex gap-6">
      <SettingsDrawer open={drawer} onClose={() => setDrawer(false)} />
      <div className="min-w-0 flex-1 space-y-4">
        {!loggedIn && (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-100 dark:ring-amber-500/30"
          >
            <span>{t('login.warning')}</span>
            <button type="button" className="font-medium underline" onClick={() => openLogin()}>
              {t('login.button')}
            </button>
          </div>
        )}
        <PromptBox
          value={prompt}
          onChange={setPrompt}
          onSubmit={() => generate({ prompt })}
          busy={drawing.busy}
          quota={quota}
          onAdvanced={() => setDrawer(true)}
        >
          {advanced && <AdvancedFields value={extra} onChange={setExtra} />}
        </PromptBox>
        {drawing.task && <ProgressPanel task={drawing.task} />}
        <Works
          tab={tab}
          onTab={setTab}
          loggedIn={loggedIn}
          mine={mine}
          pub={pub}
          onOpen={viewer.open}
          onCopy={actions.copy}
          onRedraw={(p) => {
            setPrompt(p.prompt);
            generate(p);
          }}
          onDelete={actions.remove}
          onSameStyle={actions.sameStyle}
        />
      </div>
      {viewer.element}
      {confirmElement}
    </div>
  );
}
