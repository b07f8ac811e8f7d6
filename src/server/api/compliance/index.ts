import { complianceInfo } from '../../services/compliance/operator';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as info from './info.routes';

/** The public side of compliance (docs/compliance.md): the label's operator and the complaint desk. */
export function registerCompliance(app: ApiApp) {
  app.openapi(info.info, async (c) => reply(c, await complianceInfo(c.get('runtime'))));
}
