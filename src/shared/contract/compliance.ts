import { z } from '@hono/zod-openapi';

/**
 * Compliance's requests and replies (src/server/api/compliance/, docs/compliance.md): the operator
 * named in implicit AI labels and the complaint desk's published handling time.
 */

/** GET /api/compliance/info: what labels and the complaint desk show anyone. */
export const complianceInfo = z
  .object({
    serviceName: z.string(),
    filingCode: z.string(),
    handlingDays: z.number().int(),
  })
  .openapi('ComplianceInfo');
export type ComplianceInfo = z.infer<typeof complianceInfo>;
