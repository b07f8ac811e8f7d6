import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { Tabs } from '../../../components/Tabs';
import { LocalPrompts } from './LocalPrompts';
import { OnlinePrompts } from './OnlinePrompts';

export interface PromptStoreProps {
  open: boolean;
  onClose(): void;
  /** Puts the chosen prompt into the chat input. */
  onUse(value: string): void;
}

/** Prompt-store dialog: local prompts (add, edit, delete, import, export, clear) and online sources (docs/routes-and-screens.md). */
export function PromptStore({ open, onClose, onUse }: PromptStoreProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('prompts.title')} size="lg">
      <Tabs
        label={t('prompts.title')}
        fullWidth
        items={[
          { key: 'local', label: t('prompts.local'), content: <LocalPrompts onUse={onUse} /> },
          { key: 'online', label: t('prompts.online'), content: <OnlinePrompts /> },
        ]}
      />
    </Dialog>
  );
}
