import type { AuthorNoticeAction, ReportKind } from '../../../shared/moderation-reports';
import type { Runtime } from '../../runtime';
import { addUserNotice } from '../activity/notices';

const TITLE_MAX = 60;

/**
 * Tells an author what moderators did with their picture, song, video or app: a
 * notice of their own (`user_notices`), rendered in their language when they
 * next open a page (docs/state-machines.md, "review").
 */
export async function noticeAuthor(
  rt: Pick<Runtime, 'database'>,
  n: { userId: number; kind: ReportKind; title: string; action: AuthorNoticeAction },
): Promise<void> {
  const title = n.title.length > TITLE_MAX ? `${n.title.slice(0, TITLE_MAX)}…` : n.title;
  await addUserNotice(rt.database.db, n.userId, `common:moderation.notice.${n.action}.${n.kind}`, { title });
}
