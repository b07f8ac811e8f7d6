/**
 * Framework-free toasts, usable from any island or plain script. They render
 * into the layout's #toast-host (created on demand elsewhere). Errors and
 * warnings are alerts; success and info are polite status messages.
 */
import { ICONS, type IconName } from '../components/icons';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export const DEFAULT_TOAST_MS = 3000;
/** Older toasts give way so a burst of errors cannot cover the page. */
const MAX_TOASTS = 4;
const LEAVE_MS = 200;

/**
 * The toast region sits at the bottom: above the mobile bottom bar, at the desktop's bottom left
 * (beside the side nav's end, clear of the chat composer's send button). So it never covers the
 * mobile header or an open dialog's title and close button, which are at the top.
 */
export const TOAST_HOST_CLASS =
  'pointer-events-none fixed inset-x-0 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-[100] mx-auto flex w-[min(24rem,calc(100vw-2rem))] flex-col items-stretch gap-2 md:right-auto md:bottom-4 md:left-4 md:mx-0';
/** One toast's box; the console's notice preview draws the same. */
export const TOAST_ITEM_CLASS =
  'pointer-events-auto flex items-start gap-3 rounded-xl bg-white px-4 py-3 text-sm text-slate-800 shadow-lg ring-1 ring-slate-900/10 transition duration-200 motion-reduce:transition-none dark:bg-slate-800 dark:text-slate-100 dark:ring-white/10';
const HIDDEN = ['opacity-0', 'translate-y-2'];
const ICON_CLASS: Record<ToastKind, string> = {
  success: 'text-emerald-600 dark:text-emerald-400',
  info: 'text-brand-600 dark:text-brand-300',
  warning: 'text-amber-600 dark:text-amber-400',
  error: 'text-red-600 dark:text-red-400',
};

function icon(name: IconName, className: string): string {
  return `<svg class="${className}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${ICONS[name]}</svg>`;
}

function host(): HTMLElement {
  let element = document.getElementById('toast-host');
  if (!element) {
    element = document.createElement('div');
    element.id = 'toast-host';
    element.className = TOAST_HOST_CLASS;
    document.body.append(element);
  }
  return element;
}

/** Shows `text` for `ms` milliseconds (0 keeps it until closed); returns a function that dismisses it. */
export function showToast(kind: ToastKind, text: string, ms = DEFAULT_TOAST_MS): () => void {
  if (typeof document === 'undefined') return () => {};
  const container = host();
  const urgent = kind === 'error' || kind === 'warning';
  const item = document.createElement('div');
  item.setAttribute('role', urgent ? 'alert' : 'status');
  item.dataset.toast = kind;
  item.className = `${TOAST_ITEM_CLASS} ${HIDDEN.join(' ')}`;
  item.innerHTML = icon(kind, `mt-0.5 size-5 shrink-0 ${ICON_CLASS[kind]}`);

  const message = document.createElement('p');
  message.className = 'flex-1 break-words leading-6';
  message.textContent = text;

  const close = document.createElement('button');
  close.type = 'button';
  close.className =
    '-mr-1 inline-flex size-7 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white';
  close.setAttribute('aria-label', container.dataset.closeLabel ?? 'Close');
  close.innerHTML = icon('close', 'size-4');
  item.append(message, close);

  container.append(item);
  while (container.children.length > MAX_TOASTS) container.firstElementChild?.remove();
  // Two frames: the first paints it hidden, so the transition to shown has a start to run from.
  requestAnimationFrame(() => requestAnimationFrame(() => item.classList.remove(...HIDDEN)));

  let timer: ReturnType<typeof setTimeout> | undefined;
  const dismiss = () => {
    clearTimeout(timer);
    item.classList.add(...HIDDEN);
    setTimeout(() => item.remove(), LEAVE_MS);
  };
  const start = () => {
    clearTimeout(timer);
    if (ms > 0) timer = setTimeout(dismiss, ms);
  };
  // Pause while pointed at or focused, so a slow reader can finish (WCAG 2.2.1).
  const pause = () => clearTimeout(timer);
  item.addEventListener('mouseenter', pause);
  item.addEventListener('focusin', pause);
  item.addEventListener('mouseleave', start);
  item.addEventListener('focusout', start);
  close.addEventListener('click', dismiss);
  start();
  return dismiss;
}

type ToastFn = (text: string, ms?: number) => () => void;

export const toast: Record<ToastKind, ToastFn> = {
  success: (text, ms) => showToast('success', text, ms),
  info: (text, ms) => showToast('info', text, ms),
  warning: (text, ms) => showToast('warning', text, ms),
  error: (text, ms) => showToast('error', text, ms),
};

/** The API client's `Notify` (src/lib/api/config.ts): one toast per message. */
export function notify(kind: ToastKind, text: string): void {
  showToast(kind, text);
}
