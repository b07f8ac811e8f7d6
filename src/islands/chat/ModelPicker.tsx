import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatModelInfo } from '../../shared/contract/chat';
import { $chatModel, $models } from './chat-state';

const OFFLINE = 'miaobi-offline';

/** What a model can do, in words: sees images, reasons, context size. */
function capabilities(m: ChatModelInfo, t: TFunction): string[] {
  const out: string[] = [];
  if (m.vision) out.push(t('composer.modelVision'));
  if (m.reasoning) out.push(t('composer.modelReasoning'));
  if (m.contextTokens > 0) out.push(t('composer.modelContext', { k: Math.round(m.contextTokens / 1000) }));
  return out;
}

/**
 * The composer's model choice: the models the caller's level may use (GET /api/chat/models),
 * each by its name in the page's language; the chosen one's description and capabilities
 * are shown beside it and read with the select.
 */
export function ModelPicker({ className }: { className: string }) {
  const { t } = useTranslation();
  const offer = useStore($models);
  const picked = useStore($chatModel);
  const infoId = useId();
  if (!offer || offer.models.length === 0) return null;
  const current = offer.models.includes(picked) ? picked : offer.defaultModel || offer.models[0] || '';
  const details = new Map((offer.details ?? []).map((d) => [d.id, d]));
  const label = (id: string) => (id === OFFLINE ? t('composer.offlineModel') : details.get(id)?.name || id);
  const chosen = details.get(current);
  const about = chosen ? [chosen.description, ...capabilities(chosen, t)].filter(Boolean).join(' · ') : '';
  return (
    <label className={className} title={about || undefined}>
      <span className="sr-only">{t('composer.model')}</span>
      <select
        className="max-w-40 bg-transparent text-sm outline-none"
        value={current}
        aria-describedby={about ? infoId : undefined}
        onChange={(e) => $chatModel.set(e.target.value)}
      >
        {offer.models.map((id) => (
          <option key={id} value={id}>
            {label(id)}
          </option>
        ))}
      </select>
      {about && (
        <span id={infoId} className="hidden max-w-56 truncate text-xs text-slate-600 md:inline dark:text-slate-400">
          {about}
        </span>
      )}
    </label>
  );
}
