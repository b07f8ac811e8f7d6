import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { type ConsoleReply, consoleCall } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { ConsoleProduct } from '../../../shared/contract/shop-console';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/languages';
import { COMPOSITION_PRODUCT_TYPE } from '../../../shared/shop';
import { card, yuan } from '../ui/format';
import { ProductForm } from './ProductForm';

const small = buttonClass('secondary', 'px-3 py-1.5 text-xs');

/** The catalogue in display order; admins edit, reorder and switch products on or off (docs/console.md#products). */
function ProductsView({ canEdit, lang }: { canEdit: boolean; lang: Language }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<ConsoleProduct[] | null>(null);
  const [editing, setEditing] = useState<ConsoleProduct | 'new' | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      consoleCall('GET', '/admin/products').then((res) =>
        res.ok ? setRows(res.data) : setMessage(res.result || t('admin:error')),
      ),
    [t],
  );
  useEffect(() => void load(), [load]);

  async function act(send: (requestId: string) => Promise<ConsoleReply<unknown>>) {
    setBusy(true);
    const res = await send(crypto.randomUUID());
    setBusy(false);
    setMessage(res.ok ? t('admin:products.saved') : res.result || t('admin:error'));
    await load();
  }

  const name = (p: ConsoleProduct) => p.names[lang] || p.names['zh-CN'];
  if (!rows) return <p role={message ? 'alert' : 'status'}>{message || t('admin:loading')}</p>;
  return (
    <div className="space-y-4">
      {canEdit ? (
        <button type="button" className={buttonClass('primary')} onClick={() => setEditing('new')}>
          {t('admin:products.new')}
        </button>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin:products.readOnly')}</p>
      )}
      <p role="status" aria-live="polite" className="min-h-5 text-sm">
        {message}
      </p>
      {rows.length === 0 && <p>{t('admin:products.empty')}</p>}
      <ol className="space-y-3">
        {rows.map((p, i) => (
          <li
            key={p.id}
            className={`${card} flex flex-col gap-3 sm:flex-row sm:items-center`}
            data-code={p.productCode}
          >
            <div className="min-w-0 flex-1 space-y-1">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="text-xs text-slate-600 dark:text-slate-300">
                  {t('admin:products.position', { n: i + 1 })}
                </span>
                <span className="font-semibold">{name(p)}</span>
                <span className="font-mono text-xs text-slate-600 dark:text-slate-300">{p.productCode}</span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs ${p.enabled ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100' : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'}`}
                >
                  {t(p.enabled ? 'admin:products.enabled' : 'admin:products.disabled')}
                </span>
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-200">
                {t(`admin:products.type.${p.productType}`)} ·{' '}
                {t(
                  p.productType === COMPOSITION_PRODUCT_TYPE
                    ? 'admin:products.benefit.compositions'
                    : 'admin:products.benefit.days',
                  { count: p.productBenefit },
                )}{' '}
                · <span data-testid="price">¥{yuan(p.productDisPrice)}</span>
                {p.productDisPrice < p.productPrice && (
                  <s className="ml-1 text-slate-500 dark:text-slate-400">¥{yuan(p.productPrice)}</s>
                )}
                {p.purchaseLimit !== null && <> · {t('admin:products.limitShort', { count: p.purchaseLimit })}</>}
              </p>
            </div>
            {canEdit && (
              <fieldset className="flex flex-wrap gap-2" aria-label={t('admin:products.actionsFor', { name: name(p) })}>
                <button type="button" className={small} onClick={() => setEditing(p)}>
                  {t('admin:products.edit')}
                </button>
                <button
                  type="button"
                  className={small}
                  disabled={busy || i === 0}
                  onClick={() =>
                    void act((requestId) =>
                      consoleCall('POST', `/admin/products/${p.id}/move`, { direction: 'up', requestId }),
                    )
                  }
                >
                  {t('admin:products.up')}
                </button>
                <button
                  type="button"
                  className={small}
                  disabled={busy || i === rows.length - 1}
                  onClick={() =>
                    void act((requestId) =>
                      consoleCall('POST', `/admin/products/${p.id}/move`, { direction: 'down', requestId }),
                    )
                  }
                >
                  {t('admin:products.down')}
                </button>
                <button
                  type="button"
                  className={small}
                  disabled={busy}
                  onClick={() =>
                    void act((requestId) =>
                      consoleCall('POST', `/admin/products/${p.id}/enabled`, { enabled: !p.enabled, requestId }),
                    )
                  }
                >
                  {t(p.enabled ? 'admin:products.disable' : 'admin:products.enable')}
                </button>
              </fieldset>
            )}
          </li>
        ))}
      </ol>
      {editing && (
        <ProductForm
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setMessage(t('admin:products.saved'));
            void load();
          }}
        />
      )}
    </div>
  );
}

export function Products(props: IslandI18nProps & { canEdit: boolean }) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <ProductsView canEdit={props.canEdit} lang={isLanguage(props.lang) ? props.lang : DEFAULT_LANGUAGE} />
    </IslandRoot>
  );
}
