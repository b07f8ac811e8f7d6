import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Dialog } from '../../components/Dialog';
import { SvgIcon } from '../../components/SvgIcon';
import { $user, loadUser, type UserInfo } from '../../stores/user';
import { BindEmailForm } from './BindEmailForm';
import { BindPhoneForm } from './BindPhoneForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccountForm } from './DeleteAccountForm';
import { ProfileEditForm } from './ProfileEditForm';
import { ProfileSummary, type ProfileView } from './ProfileSummary';
import { UsageView } from './UsageView';

const TITLES: Record<ProfileView, string> = {
  summary: 'account:profile.title',
  edit: 'account:profile.edit',
  password: 'account:profile.changePassword',
  bind: 'account:profile.bindEmail',
  phone: 'account:phone.bindTitle',
  delete: 'account:profile.delete',
  usage: 'account:profile.usage',
};

export interface ProfileDialogProps {
  open: boolean;
  onClose: () => void;
  /** Opens on a view (the e-mailed bind link opens 'bind' with its address and code; the phone gate 'phone'). */
  initialView?: ProfileView;
  email?: string;
  code?: string;
  /** Whether the site texts codes (SMS_PROVIDER is not off): binding or changing the phone is offered. */
  phone: boolean;
}

interface ViewContentProps {
  view: ProfileView;
  user: UserInfo;
  email: string;
  code: string;
  onView: (view: ProfileView) => void;
  phone: boolean;
}

function ViewContent({ view, user, email, code, onView, phone }: ViewContentProps) {
  const back = () => onView('summary');
  if (view === 'edit') return <ProfileEditForm user={user} onDone={back} />;
  if (view === 'password') return <ChangePasswordForm onDone={back} />;
  if (view === 'bind') return <BindEmailForm email={email} code={code} onDone={back} />;
  if (view === 'phone' && phone) return <BindPhoneForm onDone={back} />;
  if (view === 'usage') return <UsageView />;
  if (view === 'delete')
    return (
      <DeleteAccountForm hasPassword={user.hasPassword} wechatBound={user.wechatBound} phone={user.phone !== null} />
    );
  return <ProfileSummary user={user} onView={onView} phone={phone} />;
}

/** The footer's profile entry once logged in (docs/routes-and-screens.md): loads GET /user/info on open. */
export function ProfileDialog({
  open,
  onClose,
  initialView = 'summary',
  email = '',
  code = '',
  phone,
}: ProfileDialogProps) {
  const { t } = useTranslation();
  const state = useStore($user);
  const [view, setView] = useState<ProfileView>(initialView);

  useEffect(() => {
    if (open) void loadUser();
  }, [open]);

  return (
    <Dialog open={open} onClose={onClose} title={t(TITLES[view])}>
      {view !== 'summary' && (
        <button
          type="button"
          onClick={() => setView('summary')}
          className="-mt-2 mb-4 inline-flex items-center gap-1 rounded text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
        >
          <SvgIcon name="chevronDown" className="size-4 rotate-90" />
          {t('account:profile.back')}
        </button>
      )}
      {state.status === 'ready' && (
        <ViewContent view={view} user={state.user} email={email} code={code} onView={setView} phone={phone} />
      )}
      {(state.status === 'loading' || state.status === 'anonymous') && (
        <p
          role="status"
          className="flex items-center justify-center gap-3 py-12 text-sm text-slate-600 dark:text-slate-300"
        >
          <SvgIcon name="refresh" className="size-5 animate-spin text-brand-600 motion-reduce:animate-none" />
          {t('account:profile.loading')}
        </p>
      )}
      {state.status === 'failed' && (
        <div
          role="alert"
          className="flex flex-col items-center gap-4 py-10 text-center text-sm text-slate-700 dark:text-slate-200"
        >
          <p>{state.message || t('account:profile.loadFailed')}</p>
          <button type="button" className={buttonClass('secondary')} onClick={() => void loadUser()}>
            {t('account:profile.retry')}
          </button>
        </div>
      )}
    </Dialog>
  );
}
