import type { TFunction } from 'i18next';
import type { UserInfo } from '../../stores/user';

/** What the person wrote about themselves: '' when the reply carries the API's default (默认用户, docs/api.md). */
export function ownDescription(user: Pick<UserInfo, 'description'>, t: TFunction): string {
  return user.description === t('account:user.defaultDescription') ? '' : user.description;
}
