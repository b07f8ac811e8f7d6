import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { $chatStorage } from '../../stores/chat-storage';
import { download, toMarkdown } from './export';
import { Icon } from './icons';

const item =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 dark:text-slate-200 dark:data-focus:bg-slate-800';

/** Export the conversation as a Markdown file or as a PNG picture of the messages. */
export function ExportMenu({ uuid, className }: { uuid: number; className: string }) {
  const { t } = useTranslation();
  const conversation = () => {
    const s = $chatStorage.get();
    return {
      title: s.history.find((h) => h.uuid === uuid)?.title ?? 'chat',
      messages: s.chat.find((c) => c.uuid === uuid)?.data ?? [],
    };
  };
  const asMarkdown = () => {
    const { title, messages } = conversation();
    download(
      `${title}.md`,
      new Blob([toMarkdown(title, messages, t('message.you'), t('message.assistant'))], { type: 'text/markdown' }),
    );
  };
  const asImage = async () => {
    const node = document.querySelector<HTMLElement>('[data-chat-messages]');
    if (!node) return;
    const busy = toast.info(t('export.rendering'), 0);
    try {
      const { toBlob } = await import('html-to-image');
      const dark = document.documentElement.classList.contains('dark');
      const blob = await toBlob(node, { backgroundColor: dark ? '#020617' : '#f8fafc', pixelRatio: 2 });
      if (!blob) throw new Error('no image');
      download(`${conversation().title}.png`, blob);
      toast.success(t('export.done'));
    } catch {
      toast.error(t('export.failed'));
    } finally {
      busy();
    }
  };
  return (
    <Menu>
      <MenuButton className={className}>
        <Icon name="download" className="size-4" />
        {t('export.button')}
      </MenuButton>
      <MenuItems
        anchor="top start"
        className="z-40 w-44 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-900/10 focus:outline-none dark:bg-slate-900 dark:ring-white/10"
      >
        <MenuItem>
          <button type="button" className={item} onClick={asMarkdown}>
            <Icon name="download" className="size-4" />
            {t('export.markdown')}
          </button>
        </MenuItem>
        <MenuItem>
          <button type="button" className={item} onClick={() => void asImage()}>
            <Icon name="image" className="size-4" />
            {t('export.image')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
