import { announceUserChanged } from '../../lib/shop/events';
import { loadUser } from '../../stores/user';

/** After a payment the user's data (membership dates) is fetched again, and the page is told (docs/state-machines.md). */
export async function refreshUser(): Promise<void> {
  await loadUser();
  announceUserChanged();
}
