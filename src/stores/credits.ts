import { atom } from 'nanostores';
import type { CreditBalance } from '../shared/contract/credits';

/**
 * The signed-in user's credit balance as last read, shared by the /credits page and the profile's
 * credit line: a check-in in one shows at once in the other. Null until read.
 */
export const $credits = atom<CreditBalance | null>(null);
