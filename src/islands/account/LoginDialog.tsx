import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { QrModal } from '../../components/QrModal';
import { Tabs } from '../../components/Tabs';
import type { LoginRequest } from '../../lib/login-event';
import { firstTab, loginTabs, type Tab } from './login-tabs';
import { PasswordLoginForm } from './PasswordLoginForm';
import { PhoneLoginForm } from './PhoneLoginForm';
import { RegisterForm } from './RegisterForm';
import { ResetDialog } from './ResetDialog';
import { WechatLogin } from './WechatLogin';

export interface AccountLinks {
  termsUrl: string;
  privacyUrl: string;
  /** Encoded in the 'trouble logging in' QR code. */
  supportUrl: string;
}

export interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
  /** Tab and pre-filled fields asked for by openLogin(). */
  request: LoginRequest;
  links: AccountLinks;
  /** Whether the site texts codes (SMS_PROVIDER is not off): the phone tab is shown. */
  phone: boolean;
}

/** Login dialog: WeChat scan login, phone code login, password login and register, plus the reset and support dialogs (docs/routes-and-screens.md). */
export function LoginDialog({ open, onClose, request, links, phone }: LoginDialogProps) {
  const { t } = useTranslation();
  const wantsReset = request.tab === 'reset';
  const [tab, setTab] = useState<Tab>(firstTab(request.tab, phone));
  const [email, setEmail] = useState(request.email ?? '');
  const [resetOpen, setResetOpen] = useState(false);
  // Asked for by a link (/emailValidation): opened over the login dialog once that is shown.
  // Opened together, headlessui keeps the nested dialog hidden.
  useEffect(() => {
    if (wantsReset && open) setResetOpen(true);
  }, [wantsReset, open]);
  const [troubleOpen, setTroubleOpen] = useState(false);
  // Forms mount fresh when their tab is shown again; a 'go login' after registering lands on a clean form.
  const [formKey, setFormKey] = useState(0);
  const code = request.code ?? '';
  // Absolute, so a phone scanning the QR code can open it; computed only in the browser (when shown).
  const supportUrl = troubleOpen ? new URL(links.supportUrl, location.href).href : links.supportUrl;

  const shown = loginTabs(phone);
  const items = [
    { key: 'wechat', label: t('account:tabs.wechat'), content: <WechatLogin /> },
    {
      key: 'phone',
      label: t('account:tabs.phone'),
      content: <PhoneLoginForm termsUrl={links.termsUrl} privacyUrl={links.privacyUrl} />,
    },
    {
      key: 'password',
      label: t('account:tabs.password'),
      content: (
        <PasswordLoginForm
          key={formKey}
          email={email}
          onEmailChange={setEmail}
          onForgot={() => setResetOpen(true)}
          onTrouble={() => setTroubleOpen(true)}
        />
      ),
    },
    {
      key: 'register',
      label: t('account:tabs.register'),
      content: (
        <RegisterForm
          email={email}
          code={request.tab === 'register' ? code : ''}
          onEmailChange={setEmail}
          onGoLogin={() => {
            setFormKey((n) => n + 1);
            setTab('password');
          }}
          termsUrl={links.termsUrl}
          privacyUrl={links.privacyUrl}
        />
      ),
    },
  ].filter((item) => shown.includes(item.key as Tab));

  return (
    <Dialog open={open} onClose={onClose} title={t('account:dialog.title')}>
      <p className="-mt-2 mb-5 text-sm text-slate-500 dark:text-slate-400">{t('account:dialog.subtitle')}</p>
      <Tabs
        items={items}
        selectedKey={tab}
        onChange={(key) => setTab(key as Tab)}
        label={t('account:tabs.label')}
        fullWidth
      />
      <ResetDialog
        open={resetOpen}
        onClose={() => setResetOpen(false)}
        email={email}
        code={wantsReset ? code : ''}
        onDone={(changed) => {
          setEmail(changed);
          setFormKey((n) => n + 1);
          setTab('password');
          setResetOpen(false);
        }}
      />
      <QrModal
        open={troubleOpen}
        onClose={() => setTroubleOpen(false)}
        title={t('account:trouble.title')}
        url={supportUrl}
        alt={t('account:trouble.alt')}
        hint={t('account:trouble.hint')}
        link={{ href: supportUrl, label: t('account:trouble.link') }}
      />
    </Dialog>
  );
}
