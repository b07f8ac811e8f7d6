import { useTranslation } from 'react-i18next';
import { useLazyConfirm } from '../../components/lazy-confirm';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { Code } from '../../shared/codes';
import { deleteSong, setVisibility } from './music-api';
import { songChanged } from './player-store';
import type { SongActions } from './SongCard';
import type { Song } from './types';

/** Delete (with a confirmation), public/private and copy lyrics, for the owner's cards and page. */
export function useSongActions(onChanged: (song: Song) => void, onDeleted: (id: string) => void) {
  const { t } = useTranslation('music');
  const { confirm, confirmElement } = useLazyConfirm();
  const actions: SongActions = {
    async onDelete(song) {
      if (!(await confirm({ content: t('delete.confirm'), okText: t('delete.ok'), danger: true }))) return;
      const result = await deleteSong(song.id);
      // Code 1000400 carries the result text of a delete (docs/reply-codes.md).
      if (result.kind === 'business' && result.code === Code.DELETE_RESULT) {
        toast.success(result.result);
        songChanged(null, song.id);
        onDeleted(song.id);
      } else if (result.kind === 'business') toast.error(result.result);
    },
    async onVisibility(song) {
      const result = await setVisibility(song.id, !song.isPublic);
      if (result.kind === 'reply') {
        toast.success(result.result);
        songChanged(result.data, song.id);
        onChanged(result.data);
      } else if (result.kind === 'business') toast.error(result.result);
    },
    async onCopyLyrics(song) {
      if (!song.lyrics.trim()) return void toast.info(t('copy.empty'));
      if (await copyText(song.lyrics)) toast.success(t('copy.done'));
      else toast.error(t('copy.failed'));
    },
  };
  return { actions, confirmElement };
}
