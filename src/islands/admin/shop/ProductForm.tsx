import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { Form } from '../../../components/Form';
import { consoleCall } from '../../../lib/api';
import type { ConsoleProduct } from '../../../shared/contract/shop-console';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { PRODUCT_TYPES } from '../../../shared/shop';
import { FormActions, FormError } from '../ui/FormActions';
import { field, yuan } from '../ui/format';
import { TotpField } from '../ui/TotpField';

type Texts = Record<Language, string>;

const emptyTexts = (): Texts => ({ 'zh-CN': '', 'en-US': '', 'zh-TW': '' });

/** A labelled text input for a number typed as text (the server checks and converts it). */
function Input(p: {
  label: string;
  mode: 'decimal' | 'numeric';
  value: string;
  onChange: (v: string) => void;
  maxLength?: number;
  autoComplete?: string;
}) {
  return (
    <label className="block text-sm">
      {p.label}
      <input
        className={`${field} mt-1`}
        inputMode={p.mode}
        maxLength={p.maxLength}
        autoComplete={p.autoComplete}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
      />
    </label>
  );
}

/**
 * Create or edit a product: texts in the three languages, prices typed in
 * yuan (the server stores fen). Setting or changing a price asks for a fresh
 * TOTP code. One request id per opened form, so a double click saves once.
 */
export function ProductForm({
  product,
  onClose,
  onSaved,
}: {
  product: ConsoleProduct | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [requestId] = useState(() => crypto.randomUUID());
  const [code, setCode] = useState(product?.productCode ?? '');
  const [names, setNames] = useState<Texts>(product?.names ?? emptyTexts());
  const [descriptions, setDescriptions] = useState<Texts>(product?.descriptions ?? emptyTexts());
  const [price, setPrice] = useState(product ? yuan(product.productPrice) : '');
  const [disPrice, setDisPrice] = useState(product ? yuan(product.productDisPrice) : '');
  const [type, setType] = useState(String(product?.productType ?? 1));
  const [benefit, setBenefit] = useState(String(product?.productBenefit ?? 30));
  const [level, setLevel] = useState(String(product?.level ?? 1));
  const [limit, setLimit] = useState(product?.purchaseLimit ? String(product.purchaseLimit) : '');
  const [credits, setCredits] = useState(String(product?.credits ?? 0));
  const [totp, setTotp] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const priceChanged =
    !product ||
    price !== yuan(product.productPrice) ||
    disPrice !== yuan(product.productDisPrice) ||
    credits !== String(product.credits);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));
    const body = {
      names,
      descriptions,
      price: price.trim(),
      disPrice: disPrice.trim(),
      productType: num(type),
      productBenefit: num(benefit),
      level: num(level),
      purchaseLimit: limit.trim() === '' ? null : num(limit),
      credits: num(credits),
      requestId,
      ...(priceChanged ? { code: totp.trim() } : {}),
    };
    const res = product
      ? await consoleCall('POST', `/admin/products/${product.id}`, body)
      : await consoleCall('POST', '/admin/products', { ...body, productCode: code.trim() });
    setBusy(false);
    if (!res.ok) return setError(res.result || t('admin:error'));
    onSaved();
  }

  const textField = (kind: 'names' | 'descriptions', lang: Language) => {
    const value = kind === 'names' ? names : descriptions;
    const set = kind === 'names' ? setNames : setDescriptions;
    const props = {
      id: `product-${kind}-${lang}`,
      className: `${field} mt-1`,
      value: value[lang],
      onChange: (e: { target: { value: string } }) => set({ ...value, [lang]: e.target.value }),
    };
    return (
      <label className="block text-sm" htmlFor={props.id}>
        {t(kind === 'names' ? 'admin:products.name' : 'admin:products.description')}
        {kind === 'names' ? (
          <input {...props} maxLength={60} required={lang === 'zh-CN'} />
        ) : (
          <textarea {...props} maxLength={300} rows={2} />
        )}
      </label>
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      maskClosable={false}
      title={t(product ? 'admin:products.editTitle' : 'admin:products.new')}
    >
      <Form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        {!product && (
          <label className="block text-sm">
            {t('admin:products.code')}
            <input
              className={`${field} mt-1 font-mono`}
              value={code}
              maxLength={40}
              required
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
        )}
        {LANGUAGES.map((lang) => (
          <fieldset key={lang} className="space-y-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
            <legend className="px-1 text-sm font-medium">{t(`admin:products.lang.${lang}`)}</legend>
            {textField('names', lang)}
            {textField('descriptions', lang)}
          </fieldset>
        ))}
        <p className="text-xs text-slate-600 dark:text-slate-300">{t('admin:products.translationHint')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Input label={t('admin:products.price')} mode="decimal" value={price} onChange={setPrice} />
          <Input label={t('admin:products.disPrice')} mode="decimal" value={disPrice} onChange={setDisPrice} />
          <label className="block text-sm">
            {t('admin:products.type')}
            <select className={`${field} mt-1`} value={type} onChange={(e) => setType(e.target.value)}>
              {PRODUCT_TYPES.map((k) => (
                <option key={k} value={k}>
                  {t(`admin:products.type.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <Input label={t('admin:products.benefit')} mode="numeric" value={benefit} onChange={setBenefit} />
          <Input label={t('admin:products.level')} mode="numeric" value={level} onChange={setLevel} />
          <Input label={t('admin:products.limit')} mode="numeric" value={limit} onChange={setLimit} />
          <Input label={t('admin:products.credits')} mode="numeric" value={credits} onChange={setCredits} />
        </div>
        {priceChanged && <TotpField label={t('admin:products.code2fa')} optional value={totp} onChange={setTotp} />}
        <FormError text={error} />
        <FormActions dialog submit={t('admin:products.save')} busy={busy} onCancel={onClose} />
      </Form>
    </Dialog>
  );
}
