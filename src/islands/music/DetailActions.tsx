import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { copyText } from '../../lib/clipboard';
import { openReport } from '../../lib/report-event';
import { saveLabelled } from '../../lib/save-attachment';
import { toast } from '../../lib/toast';
import { Icon } from './icons';
import type { SongActions } from './SongCard';
import type { Song } from './types';

// The QR dialog (headlessui, qrcode) loads when someone shares, not with the page.
const QrModal = lazy(() => import('../../components/QrModal').then((m) => ({ default: m.QrModal })));

/** Download, share (QR of the page), make a similar song; the owner also publishes and deletes. */
export function DetailActions({ song, pageUrl, actions }: { song: Song; pageUrl: string; actions: SongActions }) {
  const { t } = useTranslation('music');
  const [sharing, setSharing] = useState(false);
  const [saving, setSaving] = useState(false);
  const ext = song.audioUrl?.split('.').pop() ?? 'mp3';
  return (
    <div className="flex flex-wrap gap-2">
      {song.audioUrl && (
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={saving}
          onClick={async () => {
            setSaving(true);
            // The server names the file with 'AI生成' and may add the console's tone.
            await saveLabelled('song', song.id, `${song.title || 'song'} (AI生成).${ext}`);
            setSaving(false);
          }}
        >
          <Icon name="download" className="size-4" />
          {t('detail.download')}
        </button>
      )}
      <button type="button" className={buttonClass('secondary')} onClick={() => setSharing(true)}>
        <Icon name="share" className="size-4" />
        {t('detail.share')}
      </button>
      <a href={`/music?like=${encodeURIComponent(song.id)}`} className={buttonClass('secondary')}>
        <Icon name="sparkles" className="size-4" />
        {t('detail.similar')}
      </a>
      {!song.mine && song.isPublic && (
        <button
          type="button"
          className={buttonClass('ghost', 'text-red-700 dark:text-red-400')}
          onClick={() => openReport({ kind: 'song', id: song.id })}
        >
          {t('layout:report.action')}
        </button>
      )}
      {song.mine && (
        <>
          <button type="button" className={buttonClass('ghost')} onClick={() => actions.onVisibility(song)}>
            <Icon name={song.isPublic ? 'lock' : 'globe'} className="size-4" />
            {t(song.isPublic ? 'card.makePrivate' : 'card.makePublic')}
          </button>
          <button
            type="button"
            className={buttonClass('ghost', 'text-red-600 dark:text-red-400')}
            onClick={() => actions.onDelete(song)}
          >
            <Icon name="trash" className="size-4" />
            {t('card.delete')}
          </button>
        </>
      )}
      {sharing && (
        <Suspense fallback={null}>
          <QrModal
            open={sharing}
            onClose={() => setSharing(false)}
            title={t('detail.shareTitle')}
            url={pageUrl}
            hint={t('detail.shareHint')}
          >
            <button
              type="button"
              className={buttonClass('secondary', 'mt-4')}
              onClick={async () => {
                if (await copyText(pageUrl)) toast.success(t('detail.linkCopied'));
              }}
            >
              <Icon name="copy" className="size-4" />
              {t('detail.copyLink')}
            </button>
          </QrModal>
        </Suspense>
      )}
    </div>
  );
}
