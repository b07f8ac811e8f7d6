import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/conversation/icons';
import { Form } from '../../components/Form';
import { setUsingContext } from '../../stores/chat-actions';
import { $chatStorage } from '../../stores/chat-storage';
import { AttachButton, PendingAttachments, useAttachInput } from './AttachBar';
import { $attachBlock, takeAttachments } from './attach-state';
import { $draft, $pending } from './chat-state';
import { send, stop } from './controller';
import { ExportMenu } from './ExportMenu';
import { KnowledgePicker } from './KnowledgePicker';
import { ModelPicker } from './ModelPicker';
import { QuotaBadge } from './QuotaBadge';
import { useChatTexts } from './use-chat-texts';
import { VoiceInput } from './VoiceInput';
import { WebSearchToggle } from './WebSearchToggle';

const PromptStore = lazy(() => import('./prompt-store/PromptStore').then((m) => ({ default: m.PromptStore })));

const tool =
  'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

export function Composer({ uuid }: { uuid: number | null }) {
  const { t } = useTranslation();
  const { usingContext } = useStore($chatStorage);
  const pending = useStore($pending);
  const draft = useStore($draft);
  const texts = useChatTexts();
  const [text, setText] = useState('');
  const [promptsOpen, setPromptsOpen] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const attach = useAttachInput();
  const blocked = useStore($attachBlock) !== null;

  useEffect(() => {
    if (!draft) return;
    setText(draft.text);
    area.current?.focus();
  }, [draft]);

  // The box is re-measured whenever the text changes.
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    // Empty, the box is its one row (rows=1, min-h-10): no measuring, which would force a layout of
    // the whole page in the mount's effects (the first view's longest task).
    if (!text) {
      el.style.height = '';
      return;
    }
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 240)}px`;
  }, [text]);

  const submit = () => {
    if (!text.trim() || pending || blocked) return;
    const value = text;
    setText('');
    void send(value, texts, takeAttachments());
  };

  return (
    <div className="border-t border-slate-200 bg-slate-50/90 px-3 pb-3 pt-2 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90 md:px-6">
      <div className="mx-auto max-w-3xl">
        <div className="flex flex-wrap items-center gap-1 pb-2">
          <button type="button" className={tool} onClick={() => setPromptsOpen(true)}>
            <Icon name="prompt" className="size-4" />
            {t('composer.prompts')}
          </button>
          <AttachButton className={tool} />
          <button
            type="button"
            className={`${tool} ${usingContext ? 'text-brand-700 dark:text-brand-300' : ''}`}
            aria-pressed={usingContext}
            onClick={() => setUsingContext(!usingContext)}
            title={usingContext ? t('composer.contextOnHint') : t('composer.contextOffHint')}
          >
            <Icon name="context" className="size-4" />
            {usingContext ? t('composer.contextOn') : t('composer.contextOff')}
          </button>
          <WebSearchToggle className={tool} />
          <ModelPicker className={tool} uuid={uuid} />
          <KnowledgePicker className={tool} />
          {uuid !== null && <ExportMenu uuid={uuid} className={tool} />}
          <span className="ml-auto text-xs text-slate-600 dark:text-slate-400">
            <QuotaBadge />
          </span>
        </div>
        <PendingAttachments />
        <Form
          className={`flex items-end gap-2 rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-brand-500 dark:bg-slate-900 dark:ring-slate-700 ${attach.dragging ? 'ring-2 ring-brand-500' : ''}`}
          onPaste={attach.onPaste}
          onDragOver={attach.onDragOver}
          onDragLeave={attach.onDragLeave}
          onDrop={attach.onDrop}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <textarea
            ref={area}
            rows={1}
            value={text}
            maxLength={8000}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                submit();
              }
            }}
            placeholder={t('composer.placeholder')}
            aria-label={t('composer.label')}
            className="max-h-60 min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-[15px] leading-6 text-slate-900 outline-none placeholder:text-slate-500 dark:text-white dark:placeholder:text-slate-400"
          />
          <VoiceInput text={text} onText={setText} />
          {pending ? (
            <button
              type="button"
              onClick={stop}
              className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-xl bg-slate-800 px-3 text-sm font-medium text-white hover:bg-slate-700 dark:bg-slate-200 dark:text-slate-900"
            >
              <Icon name="stop" className="size-4" />
              {t('composer.stop')}
            </button>
          ) : (
            <button
              type="submit"
              disabled={!text.trim() || blocked}
              className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-xl bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50"
            >
              <Icon name="send" className="size-4" />
              {t('composer.send')}
            </button>
          )}
        </Form>
        <p className="mt-1.5 hidden text-center text-xs text-slate-600 md:block dark:text-slate-400">
          {t('composer.hint')}
        </p>
      </div>
      {promptsOpen && (
        <Suspense fallback={null}>
          <PromptStore
            open={promptsOpen}
            onClose={() => setPromptsOpen(false)}
            onUse={(value) => {
              setPromptsOpen(false);
              $draft.set({ text: value, at: Date.now() });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
