import { OPEN_REPORT_EVENT, REPORT_KINDS, type ReportTarget } from '../shared/moderation-reports';

/** Sent by the report dialog once listening; mountOnEvent (event-mount.ts) then replays the waking event. */
export const OPEN_REPORT_READY_EVENT = `${OPEN_REPORT_EVENT}:ready`;

declare global {
  interface WindowEventMap {
    [OPEN_REPORT_EVENT]: CustomEvent<ReportTarget | null>;
  }
}

const KINDS: readonly string[] = REPORT_KINDS;

export function isReportTarget(value: unknown): value is ReportTarget {
  const v = value as Partial<ReportTarget> | null;
  return typeof v?.id === 'string' && v.id !== '' && typeof v.kind === 'string' && KINDS.includes(v.kind);
}

/** Opens the report dialog (islands/moderation/ReportDialog.tsx) for one public item. */
export function openReport(target: ReportTarget): void {
  window.dispatchEvent(new CustomEvent(OPEN_REPORT_EVENT, { detail: target }));
}

/**
 * Buttons with `data-report-kind` and `data-report-id` open the dialog; one
 * listener on the document, so tiles added later (infinite scroll) work too.
 */
export function wireReportButtons(): void {
  document.addEventListener('click', (event) => {
    const el = (event.target as Element | null)?.closest<HTMLElement>('[data-report-kind][data-report-id]');
    if (!el) return;
    const target = { kind: el.dataset.reportKind, id: el.dataset.reportId };
    if (!isReportTarget(target)) return;
    event.preventDefault();
    openReport(target);
  });
}
