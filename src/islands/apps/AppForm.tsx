import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { toast } from '../../lib/toast';
import { type AppFields, loadApp, saveApp } from './apps-api';
import { BasePicker } from './BasePicker';
import { IconPicker } from './IconPicker';
import { LoginGate } from './LoginGate';

const field = 'text-field';
const EMPTY: AppFields = {
  promptTitle: '',
  promptContent: '',
  promptDescription: '',
  iconUrl: 'emoji:✍️',
  published: false,
  knowledgeBaseId: null,
};

function AppEditor({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<AppFields | null>(id ? null : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!id) return;
    void loadApp(id).then((r) => {
      if (r.kind === 'reply') {
        const { promptTitle, promptContent, promptDescription, iconUrl, published, knowledgeBaseId } = r.data;
        setFields({ promptTitle, promptContent, promptDescription, iconUrl, published, knowledgeBaseId });
      } else location.replace('/myapplication');
    });
  }, [id]);

  if (!fields) return <p className="py-12 text-center text-slate-500 dark:text-slate-400">{t('store.loading')}</p>;
  const set = (patch: Partial<AppFields>) => setFields({ ...fields, ...patch });

  const submit = async () => {
    const problems: Record<string, string> = {};
    if (!fields.promptTitle.trim()) problems.promptTitle = t('apps.titleRequired');
    if (!fields.promptContent.trim()) problems.promptContent = t('apps.contentRequired');
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const r = await saveApp(fields, id ?? undefined);
    setBusy(false);
    if (r.kind === 'reply') {
      toast.success(r.result);
      location.assign('/myapplication');
    } else if (r.kind === 'business') toast.error(r.result);
  };

  return (
    <Form
      className="flex flex-col gap-5 rounded-2xl bg-white p-5 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800 md:p-8"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('apps.title')}
        <input
          className={field}
          value={fields.promptTitle}
          maxLength={40}
          onChange={(e) => set({ promptTitle: e.target.value })}
          aria-invalid={Boolean(errors.promptTitle)}
        />
        {errors.promptTitle && (
          <span role="alert" className="text-xs text-red-600 dark:text-red-400">
            {errors.promptTitle}
          </span>
        )}
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('apps.description')}
        <input
          className={field}
          value={fields.promptDescription}
          maxLength={200}
          onChange={(e) => set({ promptDescription: e.target.value })}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('apps.content')}
        <textarea
          className={`${field} min-h-40`}
          value={fields.promptContent}
          maxLength={4000}
          placeholder={t('apps.contentPlaceholder')}
          onChange={(e) => set({ promptContent: e.target.value })}
          aria-invalid={Boolean(errors.promptContent)}
        />
        {errors.promptContent && (
          <span role="alert" className="text-xs text-red-600 dark:text-red-400">
            {errors.promptContent}
          </span>
        )}
      </label>
      <IconPicker value={fields.iconUrl} onChange={(iconUrl) => set({ iconUrl })} />
      <BasePicker value={fields.knowledgeBaseId} onChange={(knowledgeBaseId) => set({ knowledgeBaseId })} />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={fields.published}
          onChange={(e) => set({ published: e.target.checked })}
          className="size-4 accent-brand-600"
        />
        {t('apps.publish')}
      </label>
      <div className="flex gap-3">
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {t('apps.save')}
        </button>
        <a href="/myapplication" className={buttonClass('secondary')}>
          {t('apps.cancel')}
        </a>
      </div>
    </Form>
  );
}

/** /createApplication and /modifyApplication?id= island. */
export function AppFormIsland(props: IslandI18nProps & { id: number | null }) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="chat">
      <LoginGate>
        <AppEditor id={props.id} />
      </LoginGate>
    </IslandRoot>
  );
}
