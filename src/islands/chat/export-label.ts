import { get } from '../../lib/api';
import type { AigcOperator } from '../../shared/compliance';

let asked: Promise<AigcOperator | null> | null = null;

/** The operator the console set, asked once per page at the first text export; null when unreachable (asked again next time). */
export function labelOperator(): Promise<AigcOperator | null> {
  asked ??= get('/compliance/info', undefined, { silent: true }).then((r) => {
    if (r.ok && r.kind === 'reply') return { serviceName: r.data.serviceName, filingCode: r.data.filingCode };
    asked = null;
    return null;
  });
  return asked;
}
