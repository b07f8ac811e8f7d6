import { loadUser } from '../../stores/user';
import { announceUserChanged } from './events';

/** After a payment the user's data (membership dates) is fetched again, and the page is told (docs/state-machines.md). */
export async function refreshUser(): Promise<void> {
  await loadUser();
  announceUserChanged();
}
