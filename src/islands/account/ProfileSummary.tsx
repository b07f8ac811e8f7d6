import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import type { IconName } from '../../components/icons';
import { SvgIcon } from '../../components/SvgIcon';
import { flushOutbox } from '../../lib/chat-sync-send';
import type { UserInfo } from '../../stores/user';
import { CreditsLine } from '../credits/CreditsLine';
import { Avatar } from './Avatar';
import { downloadMyData, logout } from './account-api';
import { profileActions } from './login-tabs';
import { Membership } from './Membership';
import { ownDescription } from './own-description';
import { finishLogout } from './session';

export type ProfileView = 'summary' | 'edit' | 'password' | 'bind' | 'phone' | 'delete' | 'usage';

const LINKS: readonly { href: string; key: string; icon: IconName }[] = [
  { href: '/order', key: 'account:profile.orders', icon: 'receipt' },
  { href: '/product', key: 'account:profile.product', icon: 'crown' },
  { href: '/activities', key: 'account:profile.activities', icon: 'gift' },
];

const TILE =
  'flex flex-col items-center gap-1.5 rounded-xl px-2 py-3 text-xs font-medium text-slate-700 ring-1 ring-slate-200 transition-colors hover:bg-brand-50 hover:text-brand-700 hover:ring-brand-200 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800 dark:hover:text-brand-200';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 truncate field-label">{children}</dd>
    </div>
  );
}

/** Profile: avatar, name, description, e-mail, membership, shortcuts, self-service and logout (docs/routes-and-screens.md, docs/api.md). */
export function ProfileSummary({
  user,
  onView,
  phone,
}: {
  user: UserInfo;
  onView: (view: ProfileView) => void;
  /** Whether the site texts codes (SMS_PROVIDER is not off): binding or changing the phone is offered. */
  phone: boolean;
}) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const labels: Record<ProfileView, string> = {
    edit: 'account:profile.edit',
    password: 'account:profile.changePassword',
    bind: 'account:profile.bindEmail',
    phone: user.phone ? 'account:phone.changeTitle' : 'account:phone.bindTitle',
    delete: 'account:profile.delete',
    summary: 'account:profile.title',
    usage: 'account:profile.usage',
  };

  const signOut = async () => {
    setLeaving(true);
    // Changes not yet confirmed reach the account first (the logout forgets them here);
    // then the session is revoked on the server when reachable, and forgotten locally either way.
    await flushOutbox();
    await logout();
    finishLogout(t('account:logout.success'));
  };

  return (
    <div className="space-y-5">
      <div className="flex items-center gap-4">
        <Avatar src={user.avatarUrl} name={user.nickname} />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-900 dark:text-white">{user.nickname}</p>
          {ownDescription(user, t) && (
            <p className="mt-0.5 line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{user.description}</p>
          )}
        </div>
      </div>
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        <Row label={t('account:profile.email')}>
          {user.email ?? t('account:profile.emailNone')}
          {user.email && !user.emailVerified && (
            <span className="ml-2 text-xs font-normal text-amber-700 dark:text-amber-300">
              {t('account:profile.emailUnverified')}
            </span>
          )}
        </Row>
        {(phone || user.phone) && (
          <Row label={t('account:profile.phone')}>{user.phone ?? t('account:profile.emailNone')}</Row>
        )}
        {user.wechatBound && <Row label={t('account:profile.wechat')}>{t('account:profile.wechatBound')}</Row>}
      </dl>
      <Membership user={user} />
      <CreditsLine />
      <nav aria-label={t('account:profile.links')} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {LINKS.map((link) => (
          <a key={link.href} href={link.href} className={TILE}>
            <SvgIcon name={link.icon} className="size-5" />
            {t(link.key)}
          </a>
        ))}
        <button type="button" className={TILE} onClick={() => onView('usage')}>
          <SvgIcon name="sparkles" className="size-5" />
          {t('account:profile.usage')}
        </button>
      </nav>
      <div className="flex flex-wrap gap-2">
        {profileActions(user, phone).map((view) => (
          <button
            key={view}
            type="button"
            onClick={() => onView(view)}
            className={buttonClass(view === 'delete' ? 'ghost' : 'secondary', 'text-xs')}
          >
            {t(labels[view])}
          </button>
        ))}
      </div>
      <button type="button" onClick={() => void downloadMyData()} className={buttonClass('ghost', 'w-full text-xs')}>
        {t('account:export.title')}
      </button>
      {user.console && (
        <button
          type="button"
          // The console's door loads only when a console account clicks it.
          onClick={() => void import('../admin/enter').then((m) => m.enterConsole())}
          className={buttonClass('secondary', 'w-full py-2.5')}
        >
          {t('account:profile.console')}
        </button>
      )}
      <button type="button" onClick={signOut} disabled={leaving} className={buttonClass('secondary', 'w-full py-2.5')}>
        {t('account:profile.logout')}
      </button>
    </div>
  );
}
