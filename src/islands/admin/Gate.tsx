import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { consoleCall } from '../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { useHydrated } from '../../lib/use-hydrated';
import type { TotpEnrolment } from '../../shared/contract/admin';
import { FormError } from './ui/FormActions';
import { card } from './ui/format';
import { TotpField } from './ui/TotpField';

/** Two-factor sign-in: enrol an authenticator (QR + key, confirmed by a code), or verify this console session. */
function GateForm({ enrolled }: { enrolled: boolean }) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // Like Form's controls: a click on the server's HTML before the island runs would do nothing.
  const hydrated = useHydrated();

  async function start() {
    const res = await consoleCall('POST', '/admin/totp/enrol');
    if (res.ok) setEnrolment(res.data);
    else setError(res.result || t('admin:error'));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await consoleCall('POST', enrolled ? '/admin/totp/verify' : '/admin/totp/confirm', {
      code: code.trim(),
    });
    setBusy(false);
    if (res.ok) window.location.reload();
    else setError(res.result || t('admin:error'));
  }

  return (
    <section className={`${card} mx-auto max-w-md space-y-4`} aria-labelledby="gate-title">
      <h1 id="gate-title" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t(enrolled ? 'admin:gate.verifyTitle' : 'admin:gate.enrolTitle')}
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t(enrolled ? 'admin:gate.verifyBody' : 'admin:gate.enrolBody')}
      </p>
      {!enrolled && !enrolment && (
        <button type="button" className={buttonClass('primary')} disabled={!hydrated} onClick={() => void start()}>
          {t('admin:gate.start')}
        </button>
      )}
      {enrolment && (
        <div className="space-y-2">
          <img src={enrolment.qr} alt={t('admin:gate.qrAlt')} width={220} height={220} className="mx-auto" />
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin:gate.secret')}</p>
          <code
            data-testid="totp-secret"
            className="block break-all rounded bg-slate-100 p-2 text-sm dark:bg-slate-800"
          >
            {enrolment.secret}
          </code>
        </div>
      )}
      {(enrolled || enrolment) && (
        <Form onSubmit={(e) => void submit(e)} className="space-y-3">
          <TotpField
            label={t('admin:gate.code')}
            labelClass="block text-sm font-medium text-slate-700 dark:text-slate-200"
            value={code}
            onChange={setCode}
          />
          <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full')}>
            {t(enrolled ? 'admin:gate.verify' : 'admin:gate.confirm')}
          </button>
        </Form>
      )}
      <FormError text={error} />
    </section>
  );
}

export function Gate(props: IslandI18nProps & { enrolled: boolean }) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <GateForm enrolled={props.enrolled} />
    </IslandRoot>
  );
}
