import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/conversation/icons';
import { $chatSources } from '../../stores/chat-sources';
import { $models } from './chat-state';

/**
 * The composer's web-search switch (docs/chat.md#sources): shown only when the server says a search
 * can run (GET /api/chat/models `webSearch`); the choice is kept with the picked knowledge bases.
 */
export function WebSearchToggle({ className }: { className: string }) {
  const { t } = useTranslation();
  const models = useStore($models);
  const { webSearch } = useStore($chatSources);
  if (!models?.webSearch) return null;
  return (
    <button
      type="button"
      className={`${className} ${webSearch ? 'text-brand-700 dark:text-brand-300' : ''}`}
      aria-pressed={webSearch}
      onClick={() => $chatSources.set({ ...$chatSources.get(), webSearch: !webSearch })}
      data-web-search
    >
      <Icon name="globe" className="size-4" />
      {t('composer.webSearch')}
    </button>
  );
}
