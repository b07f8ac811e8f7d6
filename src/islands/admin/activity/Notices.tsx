import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { consoleCall, type ReplyOf } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { NoticeView } from '../../../shared/contract/activity-console';
import { card } from '../ui/format';
import { NoticeEditor, noticeBody, toLocalInput } from './NoticeEditor';

function state(n: NoticeView) {
  const now = Date.now();
  if (!n.enabled) return 'off';
  if (n.startsAt && Date.parse(n.startsAt) > now) return 'scheduled';
  if (n.endsAt && Date.parse(n.endsAt) <= now) return 'ended';
  return 'on';
}

const when = (iso: string | null) => toLocalInput(iso).replace('T', ' ') || '…';

function NoticesView() {
  const { t } = useTranslation();
  const [data, setData] = useState<ReplyOf<'GET', '/admin/notices'> | null>(null);
  const [editing, setEditing] = useState<NoticeView | 'new' | null>(null);
  const [message, setMessage] = useState('');
  const [version, setVersion] = useState(0);
  useEffect(() => {
    // Read again after each change (version counts them).
    if (version < 0) return;
    void consoleCall('GET', '/admin/notices').then((r) => setData(r.ok ? r.data : null));
  }, [version]);
  const refresh = (m = t('admin:notices.saved')) => {
    setMessage(m);
    setVersion((v) => v + 1);
  };

  async function toggle(n: NoticeView) {
    const res = await consoleCall(
      'POST',
      `/admin/notices/${n.id}`,
      noticeBody({ ...n, enabled: !n.enabled }, crypto.randomUUID()),
    );
    refresh(res.ok ? t('admin:notices.saved') : res.result || t('admin:error'));
  }

  return (
    <div className="space-y-4">
      {editing ? (
        <NoticeEditor
          key={editing === 'new' ? 'new' : editing.id}
          notice={editing === 'new' ? null : editing}
          vars={data?.vars ?? {}}
          onDone={() => {
            setEditing(null);
            refresh();
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button type="button" className={buttonClass('primary')} onClick={() => setEditing('new')}>
          {t('admin:notices.new')}
        </button>
      )}
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
      {data?.notices.length === 0 && <p>{t('admin:notices.empty')}</p>}
      {data && data.notices.length > 0 && (
        <div className={`${card} overflow-x-auto`}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">{t('admin:notices.id')}</th>
                <th scope="col">{t('admin:notices.kind')}</th>
                <th scope="col">{t('admin:notices.audience')}</th>
                <th scope="col">{t('admin:notices.schedule')}</th>
                <th scope="col">{t('admin:notices.state')}</th>
                <th scope="col">{t('admin:notices.text')}</th>
                <th scope="col">{t('admin:action.title')}</th>
              </tr>
            </thead>
            <tbody>
              {data.notices.map((n) => (
                <tr
                  key={n.id}
                  data-notice-row={n.id}
                  className="border-t border-slate-100 align-top dark:border-slate-800"
                >
                  <td>{n.id}</td>
                  <td>
                    {t(`admin:notices.kind.${n.kind}`)}
                    {n.page && ` · ${t(`admin:notices.page.${n.page}`)}`}
                  </td>
                  <td>{t(`admin:notices.audience.${n.audience}`)}</td>
                  <td className="whitespace-nowrap">
                    {n.startsAt || n.endsAt ? `${when(n.startsAt)} – ${when(n.endsAt)}` : t('admin:notices.always')}
                  </td>
                  <td>{t(`admin:notices.state.${state(n)}`)}</td>
                  <td className="max-w-sm break-words">{n.content['zh-CN']}</td>
                  <td className="space-x-2 whitespace-nowrap">
                    <button type="button" className="underline" onClick={() => setEditing(n)}>
                      {t('admin:notices.edit')}
                    </button>
                    <button type="button" className="underline" onClick={() => void toggle(n)}>
                      {t(n.enabled ? 'admin:notices.disable' : 'admin:notices.enable')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function Notices(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <NoticesView />
    </IslandRoot>
  );
}
