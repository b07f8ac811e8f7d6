/**
 * Infinite scroll on top of the server-rendered drawing square (docs/state-machines.md):
 * when the paging links come into view, the next page's HTML is fetched and
 * its pictures appended, and its paging links replace ours. Without
 * JavaScript (or when a load fails) the links keep working as they are.
 */
export function initSquareScroll(doc: Document = document): void {
  const list = doc.querySelector<HTMLElement>('[data-square-list]');
  if (!list || typeof IntersectionObserver === 'undefined') return;
  const status = doc.querySelector<HTMLElement>('[data-square-status]');
  let loading = false;
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadNext();
    },
    { rootMargin: '600px' },
  );

  function watch(): void {
    observer.disconnect();
    const pager = doc.querySelector('[data-square-pager]');
    if (pager?.querySelector('[data-square-next]')) observer.observe(pager);
  }

  async function loadNext(): Promise<void> {
    const next = doc.querySelector<HTMLAnchorElement>('[data-square-next]');
    if (!next || loading) return;
    loading = true;
    status?.removeAttribute('hidden');
    let ok = false;
    try {
      const res = await fetch(next.href, { headers: { accept: 'text/html' } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const page = new DOMParser().parseFromString(await res.text(), 'text/html');
      const items = [...page.querySelectorAll('[data-square-list] > [data-square-item]')];
      list?.append(...items.map((item) => doc.importNode(item, true)));
      const pager = doc.querySelector('[data-square-pager]');
      const fresh = page.querySelector('[data-square-pager]');
      if (fresh) pager?.replaceWith(doc.importNode(fresh, true));
      else pager?.remove();
      ok = true;
    } catch (err) {
      // List-load failures are only logged; the paging links still work (docs/reply-codes.md).
      console.error('square page failed to load', err);
    } finally {
      loading = false;
      status?.setAttribute('hidden', '');
      if (ok) watch();
      else observer.disconnect();
    }
  }

  watch();
}
