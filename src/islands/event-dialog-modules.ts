import type { Mountable } from '../lib/event-mount';

/** The dialogs mounted on their first event, by the id of their element (EventMount.astro). */
const MODULES: Record<string, () => Promise<Mountable<never>>> = {
  'account-dialog': () => import('./account/AccountDialog'),
  'report-dialog': () => import('./moderation/ReportDialog'),
  'site-modals': () => import('./activity/SiteModals'),
  'pay-center': () => import('./shop/PayCenter'),
};

export function dialogModule(id: string): Promise<Mountable<never>> {
  const load = MODULES[id];
  return load ? load() : Promise.reject(new Error(`no dialog mounts into #${id}`));
}
