import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../stores/chat-storage';
import { $models } from './chat-state';

/** The small line under an answer: which model answered and the tokens the usage ledger counted. */
export function AnswerUsage({ message }: { message: ChatMessage }) {
  const { t, i18n } = useTranslation();
  const offer = useStore($models);
  const { usage } = message;
  if (!usage) return null;
  const number = new Intl.NumberFormat(i18n.language);
  const model = offer?.details?.find((d) => d.id === message.model)?.name || message.model || '';
  return (
    <p
      className="mt-2 border-t border-slate-100 pt-1.5 text-xs leading-5 text-slate-600 dark:border-slate-800 dark:text-slate-400"
      data-usage
    >
      {t('usage.line', { model, input: number.format(usage.inputTokens), output: number.format(usage.outputTokens) })}
      {message.cut ? ` · ${t('usage.cut')}` : ''}
    </p>
  );
}
