import { mountOnEvent } from '../../lib/event-mount';
import { wireReportButtons } from '../../lib/report-event';

/** The report buttons of a page and the dialog they open, downloaded on the first report (ReportMount.astro). */
export function initReportDialog(): void {
  wireReportButtons();
  mountOnEvent('report-dialog', () => import('./ReportDialog'));
}
