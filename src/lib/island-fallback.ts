/**
 * Removes each client-only island's fallback (components/IslandFallback.astro)
 * once the island has rendered into the element after it. CSS already hides
 * it from that moment; this takes its copy of the first view out of the page.
 */
export function dropIslandFallbacks(root: ParentNode = document): void {
  for (const fallback of root.querySelectorAll<HTMLElement>('[data-island-fallback]')) {
    const next = fallback.nextElementSibling;
    const island = next?.localName === 'astro-island' ? next : null;
    if (!island) continue;
    if (island.childNodes.length > 0) {
      fallback.remove();
      continue;
    }
    const watch = new MutationObserver(() => {
      if (!island.childNodes.length) return;
      watch.disconnect();
      fallback.remove();
    });
    watch.observe(island, { childList: true });
  }
}
