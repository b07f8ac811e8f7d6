import type { Context } from 'hono';
import type { TFunction } from 'i18next';
import { type ApiReply, Code } from '../../shared/codes';
import type { ApiEnv } from './context';

// The one place input strings and numbers are declared (the helpers the
// contract's request schemas share live in src/shared/contract/input.ts and
// are re-exported here). Every route takes its fields from these;
// tests/unit/api-input-schemas.test.ts walks every route's request schema and
// fails on a string without this check or a length limit, or a number without bounds.

export {
  bigintParam,
  fraction,
  INT32_MAX,
  INT32_MIN,
  id,
  int,
  intParam,
  keySchema,
  pattern,
  rawText,
  safeString,
  text,
} from '../../shared/contract/input';
export { safeCharacters } from '../../shared/safe-text';

interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  keys?: string[];
}

/** Translates one zod issue: a message that is an i18n key wins, else a text by issue kind. */
export function translateIssue(issue: IssueLike, t: TFunction, exists: (key: string) => boolean): string {
  const name = issue.path.map(String).join('.') || '';
  const field = name ? t(`field.${name}`, { defaultValue: name }) : t('validation.body');
  if (exists(issue.message)) return t(issue.message, { field });
  const num = (v: number | bigint | undefined) => (v === undefined ? '' : String(v));
  switch (issue.code) {
    case 'invalid_type':
      return /received undefined$/.test(issue.message)
        ? t('validation.required', { field })
        : t('validation.invalidType', { field });
    case 'too_big':
      return issue.origin === 'string'
        ? t('validation.tooLong', { field, max: num(issue.maximum) })
        : t('validation.tooBig', { field, max: num(issue.maximum) });
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return t('validation.required', { field });
      return issue.origin === 'string'
        ? t('validation.tooShort', { field, min: num(issue.minimum) })
        : t('validation.tooSmall', { field, min: num(issue.minimum) });
    case 'invalid_format':
      return t('validation.invalidFormat', { field });
    case 'unrecognized_keys':
      return t('validation.unknownKeys', { keys: (issue.keys ?? []).join(', ') });
    default:
      return t('validation.invalidValue', { field });
  }
}

/**
 * The zod-openapi default hook: a failed validation answers 400 with the
 * first message as `result` and every field's message in `data.fields`.
 */
export function validationHook(
  result: { success: true } | { success: false; error: { issues: IssueLike[] } },
  c: Context<ApiEnv>,
) {
  if (result.success) return;
  const t = c.get('t');
  const exists = (key: string) => key.length < 100 && t(key, { defaultValue: '\u0000' }) !== '\u0000';
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= translateIssue(issue, t, exists);
  }
  const first = Object.values(fields)[0] ?? t('error.validation');
  return c.json({ code: Code.BAD_REQUEST, result: first, data: { fields } } satisfies ApiReply, 400);
}
