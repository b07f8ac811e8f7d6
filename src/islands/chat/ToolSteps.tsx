import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatToolStep } from '../../shared/contract/chat';
import { DrawTaskCard, drawnTask } from './DrawTaskCard';
import { FoldButton } from './FoldButton';

/** One tool call of an answer, folded like the reasoning block: its name and state; opened, its input and result. */
function ToolStep({ step }: { step: ChatToolStep }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const running = step.ok === undefined;
  const drawing = step.name === 'draw' && step.ok ? drawnTask(step.output) : null;
  const label = running
    ? t('tools.running', { name: step.name })
    : step.ok
      ? t('tools.done', { name: step.name })
      : t('tools.failed', { name: step.name });
  return (
    <li data-tool-step={step.name} data-tool-state={running ? 'running' : step.ok ? 'ok' : 'failed'}>
      <FoldButton open={open} onToggle={() => setOpen(!open)} controls={id} busy={running} label={label} />
      <section
        id={id}
        hidden={!open}
        aria-label={label}
        className="mt-1 space-y-1 border-l-2 border-slate-200 pl-3 text-xs leading-5 text-slate-600 dark:border-slate-700 dark:text-slate-400"
      >
        <p className="font-medium">{t('tools.input')}</p>
        <pre className="whitespace-pre-wrap break-words font-mono" data-tool-input>
          {step.input}
        </pre>
        {step.output !== undefined && (
          <>
            <p className="font-medium">{t('tools.output')}</p>
            <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-words font-mono" data-tool-output>
              {step.output}
            </pre>
          </>
        )}
      </section>
      {drawing && <DrawTaskCard taskId={drawing.taskId} prompt={drawing.prompt} />}
    </li>
  );
}

/** The tools an answer called, in order, above its text (docs/chat.md#tools). */
export function ToolSteps({ steps }: { steps: ChatToolStep[] }) {
  return (
    <ol className="mb-2 space-y-1" data-tool-steps>
      {steps.map((s) => (
        <ToolStep key={s.id} step={s} />
      ))}
    </ol>
  );
}
