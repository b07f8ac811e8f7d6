import { announceUserChanged } from '../../lib/shop/events';
import { loadUser } from '../../stores/user';

/** SPEC §4: after a payment the user's data (membership dates) is fetched again, and the page is told. */
export async function refreshUser(): Promise<void> {
  await loadUser();
  announceUserChanged();
}
