import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_BANNER_CLASS } from '../../../components/activity/notice-styles';
import { Form } from '../../../components/Form';
import { consoleCall, type InputOf } from '../../../lib/api';
import { TOAST_ITEM_CLASS } from '../../../lib/toast';
import type { NoticeView } from '../../../shared/contract/activity-console';
import { LANGUAGES } from '../../../shared/languages';
import {
  BANNER_PAGES,
  type BannerPage,
  NOTICE_AUDIENCES,
  NOTICE_KINDS,
  NOTICE_MAX,
  type NoticeAudience,
  type NoticeKind,
} from '../../../shared/notices';
import { FormActions, FormError } from '../ui/FormActions';
import { card, field } from '../ui/format';

/** A notice as the form edits it: what a save sends, before the server assigns the rest. */
type Draft = Omit<NoticeView, 'id' | 'revision' | 'updatedAt'>;
type NoticeBody = InputOf<'POST', '/admin/notices'>;

/** An ISO instant as a datetime-local value in the browser's time zone, and back. */
export function toLocalInput(iso: string | null) {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

/** The text as the site shows it: the language, else zh-CN; placeholders filled. */
export function previewText(content: Draft['content'], lang: string, vars: Record<string, string>) {
  const text = content[lang]?.trim() ? content[lang] : (content['zh-CN'] ?? '');
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => vars[k] ?? m);
}

/**
 * The body every save sends: the whole notice (the API replaces it). Kind and
 * page come from the form's selects as they are, for the server to refuse a bad one.
 */
export function noticeBody(n: Draft, requestId: string): NoticeBody {
  return {
    kind: n.kind as NoticeKind,
    page: n.kind === 'banner' ? (n.page as BannerPage | null) : null,
    content: Object.fromEntries(LANGUAGES.map((l) => [l, n.content[l] ?? ''])) as NoticeBody['content'],
    audience: n.kind === 'banner' ? 'all' : n.audience,
    startsAt: n.startsAt,
    endsAt: n.endsAt,
    enabled: n.enabled,
    requestId,
  };
}

const EMPTY: Draft = {
  kind: 'announcement',
  page: null,
  content: { 'zh-CN': '' },
  audience: 'all',
  startsAt: null,
  endsAt: null,
  enabled: true,
};

/** Create or edit a notice, with a preview drawn like the site's toast or banner. */
export function NoticeEditor({
  notice,
  vars,
  onDone,
  onCancel,
}: {
  notice: NoticeView | null;
  vars: Record<string, string>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [n, setN] = useState<Draft>(notice ?? EMPTY);
  const [requestId] = useState(() => crypto.randomUUID());
  const [lang, setLang] = useState(i18n.language);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setN({ ...n, ...patch });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await consoleCall(
      'POST',
      notice ? `/admin/notices/${notice.id}` : '/admin/notices',
      noticeBody(n, requestId),
    );
    setBusy(false);
    if (!res.ok) return setError(res.result || t('admin:error'));
    onDone();
  }
  const text = previewText(n.content, lang, vars);
  const title = notice ? t('admin:notices.editing', { id: notice.id }) : t('admin:notices.new');
  return (
    <Form onSubmit={(e) => void submit(e)} className={`${card} space-y-3`} aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block text-sm">
          {t('admin:notices.kind')}
          <select className={`${field} mt-1`} value={n.kind} onChange={(e) => set({ kind: e.target.value })}>
            {NOTICE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`admin:notices.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        {n.kind === 'banner' ? (
          <label className="block text-sm">
            {t('admin:notices.page')}
            <select className={`${field} mt-1`} value={n.page ?? ''} onChange={(e) => set({ page: e.target.value })}>
              <option value="" />
              {BANNER_PAGES.map((p) => (
                <option key={p} value={p}>
                  {t(`admin:notices.page.${p}`)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label className="block text-sm">
            {t('admin:notices.audience')}
            <select
              className={`${field} mt-1`}
              value={n.audience}
              onChange={(e) => set({ audience: e.target.value as NoticeAudience })}
            >
              {NOTICE_AUDIENCES.map((a) => (
                <option key={a} value={a}>
                  {t(`admin:notices.audience.${a}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="flex items-center gap-2 self-end text-sm">
          <input type="checkbox" checked={n.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
          {t('admin:notices.enabled')}
        </label>
        {(['startsAt', 'endsAt'] as const).map((k) => (
          <label key={k} className="block text-sm">
            {t(`admin:notices.${k}`)}
            <input
              className={`${field} mt-1`}
              type="datetime-local"
              value={toLocalInput(n[k])}
              onChange={(e) => set({ [k]: fromLocalInput(e.target.value) })}
            />
          </label>
        ))}
        <p className="self-end text-xs text-slate-600 dark:text-slate-300">{t('admin:notices.scheduleHint')}</p>
      </div>
      {LANGUAGES.map((l) => (
        <label key={l} className="block text-sm">
          {t(`admin:notices.content.${l}`)}
          <textarea
            className={`${field} mt-1`}
            rows={2}
            lang={l}
            required={l === 'zh-CN'}
            maxLength={NOTICE_MAX}
            value={n.content[l] ?? ''}
            onChange={(e) => set({ content: { ...n.content, [l]: e.target.value } })}
          />
        </label>
      ))}
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {t('admin:notices.vars', {
          list: Object.entries(vars)
            .map(([k, v]) => `{{${k}}} = ${v}`)
            .join(', '),
          interpolation: { escapeValue: false },
        })}
      </p>
      <section
        aria-label={t('admin:notices.preview')}
        className="space-y-2 rounded-xl bg-slate-50 p-3 dark:bg-slate-950"
      >
        <div className="flex items-center gap-2 text-sm">
          <span className="font-medium">{t('admin:notices.preview')}</span>
          <select
            aria-label={t('admin:notices.previewLang')}
            className={`${field} w-auto`}
            value={lang}
            onChange={(e) => setLang(e.target.value)}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <p
          data-preview
          lang={lang}
          className={n.kind === 'banner' ? NOTICE_BANNER_CLASS : `${TOAST_ITEM_CLASS} max-w-sm`}
        >
          {text}
        </p>
      </section>
      <FormError text={error} />
      <FormActions submit={t('admin:notices.save')} busy={busy} onCancel={onCancel} />
    </Form>
  );
}
