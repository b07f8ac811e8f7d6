import type { AigcOperator } from '../../../shared/compliance';
import type { Runtime } from '../../runtime';
import { siteSettings } from '../site-settings';

/** The operator every implicit label names, as the console set it (docs/compliance.md). */
export async function aigcOperator(rt: Runtime): Promise<AigcOperator> {
  const s = await siteSettings(rt);
  return { serviceName: s.AIGC_SERVICE_NAME, filingCode: s.AIGC_FILING_CODE };
}
