import { Code } from '../../../shared/codes';
import type { ReviewKind } from '../../../shared/contract/moderation';
import { ReviewState } from '../../../shared/moderation';
import type { SettingKey } from '../../../shared/site-settings';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { siteSettings } from '../site-settings';

/** The console setting that holds each kind for review first (docs/console.md). */
const POLICY: Record<ReviewKind, SettingKey> = {
  drawing: 'REVIEW_PICTURES',
  song: 'REVIEW_SONGS',
  video: 'REVIEW_VIDEOS',
  app: 'REVIEW_APPS',
};

/** Whether the publishing policy of `kind` is "review first". */
export async function reviewFirst(rt: Runtime, kind: ReviewKind): Promise<boolean> {
  return (await siteSettings(rt))[POLICY[kind]] === true;
}

/**
 * The review state an item takes as its author makes it public
 * (docs/state-machines.md): pending under "review first", else as it was. A
 * hidden (taken down) item cannot be made public again by its author.
 */
export async function reviewOnPublish(rt: Runtime, kind: ReviewKind, current: ReviewState): Promise<ReviewState> {
  refuseHidden(current);
  return (await reviewFirst(rt, kind)) ? ReviewState.PENDING : current;
}

/** A taken-down item stays hidden: its author is told so, in their language (400). */
export function refuseHidden(current: ReviewState): void {
  if (current === ReviewState.HIDDEN)
    throw new DomainError(Code.BAD_REQUEST, 'common:moderation.takenDown', { status: 400 });
}

/**
 * Texts a user publishes (song titles and lyrics, app texts, nicknames) go
 * through the moderation provider: a violating word refuses them (400). The
 * sensitive verdict (personal data) is for pictures only, where it ends a task.
 */
export async function checkTexts(rt: Runtime, texts: string[], refusal: string): Promise<void> {
  const given = texts.map((t) => t.trim()).filter(Boolean);
  if (!given.length) return;
  const verdict = await rt.moderation.check(given);
  if (verdict.verdict === 'violation') throw new DomainError(Code.BAD_REQUEST, refusal, { status: 400 });
}
