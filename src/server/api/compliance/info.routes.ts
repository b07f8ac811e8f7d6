import { createRoute } from '@hono/zod-openapi';
import { complianceInfo } from '../../../shared/contract/compliance';
import { access } from '../access';
import { jsonResponses } from '../route-kit';

const tags = ['compliance'];

export const info = createRoute({
  security: access.public,
  method: 'get',
  path: '/compliance/info',
  tags,
  summary: "The operator named in AI labels (service name, filing code) and the complaint desk's handling time",
  responses: jsonResponses(complianceInfo),
});
