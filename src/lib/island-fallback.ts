/**
 * Removes each client-only island's fallback (components/IslandFallback.astro)
 * once the island after it has rendered into its element. CSS already hides
 * it from that moment; this takes its copy of the first view out of the page.
 */
export function dropIslandFallbacks(root: ParentNode = document): void {
  for (const fallback of root.querySelectorAll<HTMLElement>('[data-island-fallback]')) {
    // Astro may put the island's scripts and style between the two.
    let island = fallback.nextElementSibling;
    while (island?.localName === 'script' || island?.localName === 'style') island = island.nextElementSibling;
    if (island?.localName !== 'astro-island') continue;
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
