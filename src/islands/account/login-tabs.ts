import type { LoginTab } from '../../lib/login-event';
import type { UserInfo } from '../../stores/user';
import type { ProfileView } from './ProfileSummary';

/** The login dialog's tabs (docs/routes-and-screens.md). */
export type Tab = Exclude<LoginTab, 'reset' | 'bind' | 'bindPhone'>;

/** The tabs shown: a site without SMS (SMS_PROVIDER=off) offers no phone sign-in. */
export function loginTabs(phone: boolean): Tab[] {
  return phone ? ['wechat', 'phone', 'password', 'register'] : ['wechat', 'password', 'register'];
}

/** The tab the dialog opens on for what was asked; never one the site does not offer. */
export function firstTab(asked: LoginTab | undefined, phone: boolean): Tab {
  if (asked === 'reset') return 'password';
  // The phone gate asked a visitor whose session ended: signing in by phone binds one.
  if (asked === 'bindPhone' || asked === 'phone') return phone ? 'phone' : 'wechat';
  return asked === undefined || asked === 'bind' ? 'wechat' : asked;
}

/** The profile's first view: its phone binding only where the site texts codes. */
export function firstProfileView(asked: LoginTab | undefined, phone: boolean): ProfileView {
  if (asked === 'bind') return 'bind';
  return asked === 'bindPhone' && phone ? 'phone' : 'summary';
}

/** The profile's action buttons, in order: binding or changing the phone only where the site texts codes. */
export function profileActions(user: Pick<UserInfo, 'hasPassword' | 'email'>, phone: boolean): ProfileView[] {
  const shown: [ProfileView, boolean][] = [
    ['edit', true],
    ['password', user.hasPassword],
    ['bind', !user.hasPassword || user.email === null],
    ['phone', phone],
    ['delete', true],
  ];
  return shown.filter(([, show]) => show).map(([view]) => view);
}
