import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/Form';
import { openLogin } from '../../../lib/login-event';
import type { ActionKey } from '../../../shared/drawing';
import { $token } from '../../../stores/auth';
import { $chatStorage } from '../../../stores/chat-storage';
import { $aspectRatio, ASPECT_RATIOS, setAspectRatio } from '../../../stores/draw-settings';
import type { ActionExtra, ActionTarget } from '../actions/action-ui';
import { useActionFlow } from '../actions/use-action-flow';
import { isFinal } from '../draw-rules';
import { useLazyConfirm, useViewer } from '../lazy-dialogs';
import { usePictureActions } from '../use-picture-actions';
import { MjMessageView } from './MjMessageView';
import { MjSidebar } from './MjSidebar';
import { deleteMjMessage, type MjMessage, mjMessages, newMjChat } from './mj-actions';
import { useMjDrawing } from './use-mj-drawing';

/** /midjourney: a chat whose every prompt becomes a drawing (history apart from the normal chat; docs/routes-and-screens.md). */
export function MidjourneyApp() {
  const { t } = useTranslation('drawing');
  const loggedIn = Boolean(useStore($token));
  const storage = useStore($chatStorage);
  const ratio = useStore($aspectRatio);
  const [drawer, setDrawer] = useState(false);
  const [text, setText] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const active = storage.mjHistory.find((h) => h.uuid === storage.mjActive) ?? null;
  const messages = mjMessages(storage.mjActive, storage);
  const { send, act, retry } = useMjDrawing(loggedIn);
  const mjActive = storage.mjActive;
  const flow = useActionFlow(
    useCallback(
      (target: ActionTarget, key: ActionKey, extra: ActionExtra) => {
        if (mjActive !== null) void act(mjActive, target, key, extra);
      },
      [act, mjActive],
    ),
  );
  // One task at a time per user: any reply still drawing (or being sent) holds every button.
  const busy = storage.mjChat.some((c) =>
    (c.data as MjMessage[]).some((m) => (m.drawing?.id && !isFinal(m.drawing.status)) || (m.loading && m.drawing)),
  );
  const { confirm, confirmElement } = useLazyConfirm();
  const actions = usePictureActions({ confirm, onDeleted: () => undefined, fill: () => undefined });
  const viewer = useViewer({ onCopy: actions.copy });

  useEffect(() => {
    if (!active) newMjChat();
  }, [active]);
  // Scrolls to the newest message when one is added or a drawing changes state.
  const tail = `${messages.length}:${messages.at(-1)?.drawing?.status ?? ''}`;
  useEffect(() => {
    if (tail) scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [tail]);

  const submit = async () => {
    if (storage.mjActive === null) return;
    if (await send(storage.mjActive, text)) setText('');
  };

  return (
    <div className="relative flex h-full min-h-0 overflow-hidden bg-slate-50 md:rounded-2xl md:ring-1 md:ring-slate-200 dark:bg-slate-950 md:dark:ring-slate-800">
      {drawer && (
        <button
          type="button"
          aria-label={t('drawer.close')}
          className="absolute inset-0 z-20 bg-slate-950/40 md:hidden"
          onClick={() => setDrawer(false)}
        />
      )}
      <aside
        aria-label={t('mj.history')}
        className={`absolute inset-y-0 left-0 z-30 w-72 border-r border-slate-200 bg-white transition-transform duration-200 motion-reduce:transition-none dark:border-slate-800 dark:bg-slate-900 md:static md:z-auto md:w-64 md:translate-x-0 ${drawer ? 'translate-x-0' : '-translate-x-full'}`}
      >
        <MjSidebar onPick={() => setDrawer(false)} />
      </aside>
      <section className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-12 shrink-0 items-center gap-2 border-b border-slate-200 px-3 dark:border-slate-800">
          <button
            type="button"
            className="rounded-lg px-2 py-1 text-sm ring-1 ring-slate-300 md:hidden dark:ring-slate-700"
            onClick={() => setDrawer(true)}
          >
            {t('mj.history')}
          </button>
          <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">{active?.title ?? t('title.midjourney')}</h2>
        </header>
        <div ref={scroller} className="min-h-0 flex-1 space-y-4 overflow-y-auto p-4" data-mj-messages>
          {!loggedIn && (
            <div
              role="alert"
              className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-100"
            >
              {t('login.warning')}{' '}
              <button type="button" className="font-medium underline" onClick={() => openLogin()}>
                {t('login.button')}
              </button>
            </div>
          )}
          {messages.length === 0 && (
            <p className="py-12 text-center text-sm text-slate-500 dark:text-slate-400">{t('mj.empty')}</p>
          )}
          {messages.map((m, i) => (
            <MjMessageView
              key={m.id}
              message={m}
              prompt={promptOf(m, messages[i - 1])}
              busy={busy}
              onAction={(key) => {
                const d = m.drawing;
                if (d?.imageUrl)
                  flow.press(
                    {
                      id: d.id,
                      prompt: promptOf(m, messages[i - 1]),
                      imageUrl: d.imageUrl,
                      width: d.width ?? null,
                      height: d.height ?? null,
                    },
                    key,
                  );
              }}
              onRetry={() => m.drawing?.id && void retry(m.drawing.id)}
              onOpen={viewer.open}
              onCopy={actions.copy}
              onSameStyle={(prompt, rate) => {
                setText(prompt);
                if (rate) setAspectRatio(rate);
              }}
              onDelete={async () => {
                if (storage.mjActive === null) return;
                if (await confirm({ content: t('chat:message.deleteConfirm'), danger: true }))
                  deleteMjMessage(storage.mjActive, m.id);
              }}
            />
          ))}
        </div>
        <Form
          className="flex shrink-0 flex-col gap-2 border-t border-slate-200 p-3 dark:border-slate-800"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <textarea
            value={text}
            maxLength={2000}
            rows={2}
            aria-label={t('prompt.label')}
            placeholder={t('mj.placeholder')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void submit();
              }
            }}
            className="w-full resize-none rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900"
          />
          <div className="flex items-center gap-2">
            <label className="text-xs text-slate-500 dark:text-slate-400" htmlFor="mj-ratio">
              {t('settings.ratio')}
            </label>
            <select
              id="mj-ratio"
              value={ratio}
              onChange={(e) => setAspectRatio(e.target.value)}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
            >
              {ASPECT_RATIOS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <span className="flex-1 text-xs text-slate-500 dark:text-slate-400">{t('hint.noContext')}</span>
            <button
              type="submit"
              className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              {t('generate')}
            </button>
          </div>
        </Form>
      </section>
      {viewer.element}
      {flow.element}
      {confirmElement}
    </div>
  );
}

/** The prompt a message is or answers: an action's asking side keeps it apart from its "U2 · …" text. */
function promptOf(m: MjMessage, before: MjMessage | undefined): string {
  if (m.inversion) return m.prompt ?? m.text;
  return m.drawing?.prompt || before?.prompt || before?.text || '';
}
