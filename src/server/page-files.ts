import type { IncomingMessage, ServerResponse } from 'node:http';
import send from 'send';
import { ASSETS_PREFIX, builtAssets, IMMUTABLE } from './built-assets';
import { namesFile } from './file-names';
import type { NodeHandler } from './http';

/**
 * The pages' handler: Astro's SSR (the adapter's middleware mode) behind the
 * built client files (dist/client: hashed assets and public/). The adapter's
 * standalone handler looked for a file first on every request, a
 * synchronous lstat and an asynchronous stat through the thread pool before
 * each page rendered; here only an address that names a file (a dot in its last
 * segment) is looked up on disk, and one the disk lacks (/sitemap.xml,
 * /robots.txt, /icons.svg are pages) goes to SSR as before. The hashed build files are answered
 * from memory (built-assets.ts).
 */
export function pagesWithFiles(ssr: NodeHandler, clientDir: string): NodeHandler {
  const assets = builtAssets(clientDir);
  return (req, res) => {
    const url = req.url ?? '/';
    let path: string;
    try {
      // As the adapter did: an address that does not decode is a bad request, not a page.
      path = decodeURI(url.split(/[?#]/, 1)[0] ?? '/');
    } catch {
      res.writeHead(400).end('Bad request.');
      return;
    }
    if (!namesFile(path) || (req.method !== 'GET' && req.method !== 'HEAD')) return ssr(req, res);
    const stream = () => serveFile(req, res, clientDir, path, () => ssr(req, res));
    if (!path.startsWith(ASSETS_PREFIX)) return stream();
    assets.serve(req, res, path).then(
      (served) => served || stream(),
      () => stream(),
    );
  };
}

function serveFile(req: IncomingMessage, res: ServerResponse, root: string, path: string, missing: () => void) {
  let found = false;
  const stream = send(req, path, {
    root,
    dotfiles: path.startsWith('/.well-known/') ? 'allow' : 'deny',
    // No directory answers (index files, redirects to a slash): a page renders for those addresses.
    index: false,
  });
  stream.on('directory', missing);
  stream.on('file', () => {
    found = true;
  });
  stream.on('headers', (response: ServerResponse) => {
    if (path.startsWith(ASSETS_PREFIX)) response.setHeader('Cache-Control', IMMUTABLE);
  });
  stream.on('error', (err: Error & { statusCode?: number; status?: number }) => {
    if (!found) return missing();
    // Found but unreadable (a range past its end, a failed read): the file's own status.
    const status = err.statusCode ?? err.status ?? 500;
    if (!res.headersSent) res.writeHead(status).end(status >= 500 ? 'Internal server error' : '');
    else res.destroy();
  });
  stream.pipe(res);
}
