import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, failedWith } from '../../db/errors';
import { apps, knowledgeBases, users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { type Actor, writeAudit } from '../admin/audit';
import { baseNotFound } from '../knowledge/bases';
import { rowsOf } from '../knowledge/rows';
import { forgetStore } from './store-cache';

// An app's knowledge base (docs/knowledge.md#an-apps-base): the author picks one of their own
// bases; everyone chatting with the app has it searched, read-only (passages only, never its files).
// A built-in app has no author: the console gives it a base an admin owns.

/** The base a chat with an app searches, and whose it is (the search runs as its owner). */
export interface AppBase {
  baseId: number;
  ownerId: number;
}

/** Whether an insert or update failed because the base it names was deleted meanwhile. */
export const isBaseGone = (err: unknown) => failedWith(err, FOREIGN_KEY_VIOLATION);

/** The base must be the author's own: any other answers 404, saying nothing about whose it is. */
export async function checkAuthorBase(db: Db, authorId: number, baseId: number): Promise<void> {
  const [row] = await db
    .select({ id: knowledgeBases.id })
    .from(knowledgeBases)
    .where(and(eq(knowledgeBases.id, baseId), eq(knowledgeBases.userId, authorId)));
  if (!row) throw baseNotFound();
}

/**
 * The base a question to app `appId` draws on: only of an app the asker may open (published, or
 * their own draft). An app gone or without a base gives none; the conversation goes on without.
 */
export async function appBase(rt: Runtime, appId: number, viewerId: number | null): Promise<AppBase | null> {
  const [row] = await rowsOf<{ base_id: number; owner_id: number }>(
    rt.database.db,
    // One statement: the app as the viewer may read it, joined to its base's owner.
    sql`select b.id as base_id, b.user_id as owner_id
      from apps a join knowledge_bases b on b.id = a.knowledge_base_id
      where a.id = ${appId} and a.deleted_at is null
        and ((a.published and a.review = 'published') or a.owner_id = ${viewerId ?? 0})`,
  );
  return row ? { baseId: row.base_id, ownerId: row.owner_id } : null;
}

/** The console's view: built-in apps with the base each carries, and the bases admins own to pick from. */
export async function builtinAppBases(rt: Runtime) {
  const { db } = rt.database;
  const list = await db
    .select({ id: apps.id, promptTitle: apps.promptTitle, knowledgeBaseId: apps.knowledgeBaseId })
    .from(apps)
    .where(and(isNull(apps.ownerId), isNull(apps.deletedAt)))
    .orderBy(asc(apps.sortOrder), asc(apps.id));
  const bases = await db
    .select({ id: knowledgeBases.id, name: knowledgeBases.name, ownerEmail: users.email })
    .from(knowledgeBases)
    .innerJoin(users, eq(users.id, knowledgeBases.userId))
    .where(eq(users.role, 'admin'))
    .orderBy(asc(knowledgeBases.id));
  return { apps: list, bases: bases.map((b) => ({ ...b, ownerEmail: b.ownerEmail ?? '' })) };
}

const appNotFound = () => new DomainError(404, 'chat:app.notFound', { status: 404 });

/**
 * Console: gives a built-in app an admin's base, or none. A base not owned by an admin answers
 * 404 like any other base; a repeated request id acts once (false).
 */
export async function setBuiltinAppBase(
  rt: Runtime,
  a: { actor: Actor; requestId: string; appId: number; baseId: number | null },
): Promise<boolean> {
  let applied = false;
  try {
    await transaction(rt.database.db, async (tx) => {
      const [app] = await tx
        .select({ id: apps.id, knowledgeBaseId: apps.knowledgeBaseId })
        .from(apps)
        .where(and(eq(apps.id, a.appId), isNull(apps.ownerId), isNull(apps.deletedAt)))
        .for('update');
      if (!app) throw appNotFound();
      if (a.baseId !== null) {
        const [base] = await tx
          .select({ id: knowledgeBases.id })
          .from(knowledgeBases)
          .innerJoin(users, eq(users.id, knowledgeBases.userId))
          .where(and(eq(knowledgeBases.id, a.baseId), eq(users.role, 'admin')))
          .for('share', { of: knowledgeBases });
        if (!base) throw baseNotFound();
      }
      await tx.update(apps).set({ knowledgeBaseId: a.baseId }).where(eq(apps.id, a.appId));
      applied = await writeAudit(tx, a.actor, {
        action: 'app.knowledgeBase',
        targetType: 'app',
        targetId: a.appId,
        before: { knowledgeBaseId: app.knowledgeBaseId },
        after: { knowledgeBaseId: a.baseId },
        requestId: a.requestId,
      });
      // A repeated click changes nothing: the transaction is undone.
      if (!applied) throw new Repeated();
    });
  } catch (err) {
    if (err instanceof Repeated) return false;
    throw err;
  }
  await forgetStore(rt);
  return applied;
}

class Repeated extends Error {}
