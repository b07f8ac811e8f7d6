import { z } from '@hono/zod-openapi';

import { isSafeText } from './safe-chars';

export { isSafeText, toSafeText } from './safe-chars';

/** The check every input string carries: no NUL and no lone surrogate (translated 400). One object, so tests can find it. */
export const safeCharacters = z.refine<string>((s) => isSafeText(s), { message: 'validation.invalidCharacters' });

/** A bounded input string with the check, for reply-and-request schemas of the shared contract. */
export const safeText = (max: number) => z.string().max(max).check(safeCharacters);
