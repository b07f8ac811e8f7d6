import type { APIRoute } from 'astro';
import { getRuntime } from '../server/runtime';
import { listedShares } from '../server/services/chat/shares';
import { SQUARE_PAGE_SIZE, sitemapEntries } from '../server/services/drawing/square';

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** For search engines: every square page, every public picture's page and the conversations their owners listed. */
export const GET: APIRoute = async () => {
  const rt = getRuntime();
  const origin = rt.env.PUBLIC_ORIGIN;
  const pictures = await sitemapEntries(rt);
  const pages = Math.max(1, Math.ceil(pictures.length / SQUARE_PAGE_SIZE));
  const urls: string[] = [];
  for (let n = 1; n <= pages; n++) {
    const loc = n === 1 ? `${origin}/square` : `${origin}/square?page=${n}`;
    const newest = pictures[(n - 1) * SQUARE_PAGE_SIZE]?.updated;
    urls.push(
      `<url><loc>${xmlText(loc)}</loc>${newest ? `<lastmod>${newest}</lastmod>` : ''}<changefreq>hourly</changefreq></url>`,
    );
  }
  for (const p of pictures) {
    urls.push(`<url><loc>${xmlText(`${origin}/square/${p.id}`)}</loc><lastmod>${p.updated}</lastmod></url>`);
  }
  for (const s of await listedShares(rt)) {
    urls.push(
      `<url><loc>${xmlText(`${origin}/share/${s.id}`)}</loc><lastmod>${s.createdAt.toISOString()}</lastmod></url>`,
    );
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' },
  });
};
