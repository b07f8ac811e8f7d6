import type { AigcOperator } from '../../../shared/compliance';
import type { ComplianceInfo } from '../../../shared/contract/compliance';
import type { Runtime } from '../../runtime';
import { siteSettings } from '../site-settings';

/** The operator every implicit label names, as the console set it (docs/compliance.md). */
export async function aigcOperator(rt: Runtime): Promise<AigcOperator> {
  const s = await siteSettings(rt);
  return { serviceName: s.AIGC_SERVICE_NAME, filingCode: s.AIGC_FILING_CODE };
}

/** What anyone may read: the operator (the browser labels exported conversations) and the handling time. */
export async function complianceInfo(rt: Runtime): Promise<ComplianceInfo> {
  const s = await siteSettings(rt);
  return { serviceName: s.AIGC_SERVICE_NAME, filingCode: s.AIGC_FILING_CODE, handlingDays: s.COMPLAINT_HANDLING_DAYS };
}
