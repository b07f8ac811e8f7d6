import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import type { PageData } from '../../../lib/api';
import { ASPECT_RATIOS } from '../../../shared/drawing';
import { $token } from '../../../stores/auth';
import { $drawSettings, applySettings } from '../../../stores/draw-settings';
import { targetOf } from '../actions/action-ui';
import { type RunAction, useActionFlow } from '../actions/use-action-flow';
import { type DrawQuota, fetchQuota, listMine, listPublic, type Picture, type PublicPicture } from '../draw-api';
import { useLazyConfirm, useViewer } from '../lazy-dialogs';
import { useDrawing } from '../use-drawing';
import { usePictureActions } from '../use-picture-actions';
import { usePictureList } from '../use-picture-list';
import type { WorksTab } from '../WorksTabs';
import { type AdvancedValues, EMPTY_ADVANCED, PromptExtras } from './AdvancedFields';
import { LoginWarning } from './LoginWarning';
import { ProgressPanel } from './ProgressPanel';
import { PromptBox } from './PromptBox';
import { SettingsDrawer } from './SettingsDrawer';
import { Works } from './Works';

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
  /** Page 1 of the public gallery, loaded with the page, so the gallery shows without a request. */
  publicPage?: PageData<PublicPicture> | null;
}

/** /draw: settings panel (a drawer on phones), prompt, progress, my works and the public gallery (docs/routes-and-screens.md). */
export function DrawApp({ advanced = false, draft = null, publicPage = null }: DrawAppProps) {
  const loggedIn = Boolean(useStore($token));
  const [prompt, setPrompt] = useState(draft?.prompt ?? '');
  const [extra, setExtra] = useState<AdvancedValues>(EMPTY_ADVANCED);
  const [drawer, setDrawer] = useState(false);
  const [quota, setQuota] = useState<DrawQuota | null>(null);
  const [tab, setTab] = useState<WorksTab>(loggedIn ? 'mine' : 'public');
  const mine = usePictureList(listMine, loggedIn && tab === 'mine');
  const pub = usePictureList(listPublic, tab === 'public', publicPage);

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
      // A picture's stored ratio may predate today's list: an unknown one falls back to the setting.
      drawRate: ASPECT_RATIOS.find((r) => r === source.drawRate) ?? s.selectedAspectRatio,
      drawQuality: source.drawQuality ?? s.drawSelectedOption,
      drawSteps: source.drawSteps ?? s.drawSteps,
      drawPublicFlag: s.drawPublicFlag,
      mode: advanced ? 'sd' : 'draw',
      base64Array: extra.references,
      ...(advanced ? { negativePrompt: extra.negativePrompt.trim(), seed } : {}),
    });
  };

  const { confirm, confirmElement } = useLazyConfirm();
  const actions = usePictureActions({
    confirm,
    onDeleted: mine.remove,
    fill(p: Picture) {
      applySettings(p);
      setPrompt(p.prompt);
      // The page's scrolling pane (RootLayout app="scroll"), or the document elsewhere.
      (document.querySelector('[data-app-scroll]') ?? window).scrollTo({ top: 0, behavior: 'smooth' });
    },
  });
  const { act } = drawing;
  const flow = useActionFlow(useCallback<RunAction>((target, key, extra) => void act(target, key, extra), [act]));
  const viewer = useViewer({
    onCopy: actions.copy,
    sameStyle: () => actions.sameStyle,
    act: (p, key) => flow.press(targetOf(p), key),
    busy: drawing.busy,
  });

  return (
    <div className="relative flex gap-6">
      <SettingsDrawer open={drawer} onClose={() => setDrawer(false)} />
      <div className="min-w-0 flex-1 space-y-4">
        {!loggedIn && <LoginWarning />}
        <PromptBox
          value={prompt}
          onChange={setPrompt}
          onSubmit={() => generate({ prompt })}
          busy={drawing.busy}
          quota={quota}
          onAdvanced={() => setDrawer(true)}
        >
          <PromptExtras advanced={advanced} value={extra} onChange={setExtra} />
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
      {flow.element}
      {confirmElement}
    </div>
  );
}
