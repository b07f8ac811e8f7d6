/** Window event opening one of the layout's small modals; the modals island (loaded on demand) listens. */
export const OPEN_MODAL_EVENT = 'miaobi:open-modal';
/** Sent by the modals once listening; mountOnEvent (event-mount.ts) then replays the waking event. */
export const OPEN_MODAL_READY_EVENT = `${OPEN_MODAL_EVENT}:ready`;

export const SITE_MODALS = ['android', 'official', 'support', 'share', 'redeem'] as const;
/** Other modals: Android download, official-account QR, support QR, share QR, free-experience code (docs/routes-and-screens.md). */
export type SiteModal = (typeof SITE_MODALS)[number];

declare global {
  interface WindowEventMap {
    [OPEN_MODAL_EVENT]: CustomEvent<SiteModal | null>;
  }
}

export function isSiteModal(value: unknown): value is SiteModal {
  return typeof value === 'string' && (SITE_MODALS as readonly string[]).includes(value);
}

/** Opens a modal from any island or plain script. */
export function openSiteModal(kind: SiteModal): void {
  window.dispatchEvent(new CustomEvent(OPEN_MODAL_EVENT, { detail: kind }));
}

/** Buttons with `data-open-modal="android|official|support|share|redeem"` open that modal. */
export function wireModalButtons(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-open-modal]')) {
    const kind = el.dataset.openModal;
    if (isSiteModal(kind)) el.addEventListener('click', () => openSiteModal(kind));
  }
}
