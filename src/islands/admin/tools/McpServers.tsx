import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { consoleCall } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import { MEMBER_LEVELS, type MemberLevel } from '../../../shared/channels';
import type { McpServerView } from '../../../shared/contract/tools-console';
import { card, field } from '../ui/format';
import { TotpField } from '../ui/TotpField';
import { ChangeToken } from './McpToken';

const small = buttonClass('secondary', 'px-3 py-1.5 text-xs');

/** One server: its address and state, its tools with a level checkbox each, and its actions. */
function ServerCard({ server, onChanged }: { server: McpServerView; onChanged: (message: string) => void }) {
  const { t } = useTranslation();
  const [levels, setLevels] = useState(() => new Map(server.tools.map((x) => [x.name, new Set(x.levels)])));
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setLevels(new Map(server.tools.map((x) => [x.name, new Set(x.levels)]))), [server]);

  const act = async (path: string, body: object, ok: string) => {
    setBusy(true);
    const res = await consoleCall(
      'POST',
      `/admin/tools/mcp/${server.id}${path}` as '/admin/tools/mcp/{id}/refresh',
      {
        requestId: crypto.randomUUID(),
        ...body,
      } as { requestId: string },
    );
    setBusy(false);
    onChanged(res.ok ? ok : res.result || t('error'));
  };
  const toggle = (tool: string, level: MemberLevel) => {
    const next = new Map(levels);
    const set = new Set(next.get(tool));
    if (set.has(level)) set.delete(level);
    else set.add(level);
    next.set(tool, set);
    setLevels(next);
  };
  const payload = () => ({ levels: [...levels].map(([tool, set]) => ({ tool, levels: [...set] })) });

  return (
    <li className={`${card} space-y-3`} data-mcp-server={server.id}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h2 className="font-semibold">{server.name}</h2>
        <span className="font-mono text-xs text-slate-600 dark:text-slate-300">{server.url}</span>
        <span className="text-xs text-slate-600 dark:text-slate-300">
          {t(server.enabled ? 'tools.enabled' : 'tools.disabled')}
          {server.hasToken ? ` · ${t('tools.hasToken')}` : ''}
        </span>
      </div>
      {server.lastError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('tools.listFailed', { error: server.lastError })}
        </p>
      )}
      {server.tools.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('tools.noTools')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('tools.toolsOf', { name: server.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tools.tool')}</th>
              {MEMBER_LEVELS.map((l) => (
                <th scope="col" key={l} className="w-20 text-center">
                  {t(`tools.level.${l}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {server.tools.map((x) => (
              <tr key={x.name} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1.5">
                  <span className="font-mono">{x.name}</span>
                  {x.args.length > 0 && (
                    <span className="text-xs text-slate-600 dark:text-slate-300"> ({x.args.join(', ')})</span>
                  )}
                  <p className="text-xs text-slate-600 dark:text-slate-300">{x.description}</p>
                </td>
                {MEMBER_LEVELS.map((l) => (
                  <td key={l} className="text-center">
                    <input
                      type="checkbox"
                      aria-label={t('tools.openTo', { tool: x.name, level: t(`tools.level.${l}`) })}
                      checked={levels.get(x.name)?.has(l) ?? false}
                      onChange={() => toggle(x.name, l)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <fieldset className="flex flex-wrap gap-2" aria-label={t('tools.actionsFor', { name: server.name })}>
        <button
          type="button"
          className={small}
          disabled={busy}
          onClick={() => void act('/refresh', {}, t('tools.listed'))}
        >
          {t('tools.list')}
        </button>
        {server.tools.length > 0 && (
          <button
            type="button"
            className={small}
            disabled={busy}
            onClick={() => void act('/levels', payload(), t('tools.saved'))}
          >
            {t('tools.saveLevels')}
          </button>
        )}
        <button
          type="button"
          className={small}
          disabled={busy}
          onClick={() =>
            void act('', { name: server.name, url: server.url, enabled: !server.enabled }, t('tools.saved'))
          }
        >
          {t(server.enabled ? 'tools.disable' : 'tools.enable')}
        </button>
        <ChangeToken server={server} onChanged={onChanged} />
        <button
          type="button"
          className={small}
          disabled={busy}
          onClick={() => (confirming ? void act('/delete', {}, t('tools.deleted')) : setConfirming(true))}
        >
          {t(confirming ? 'tools.deleteConfirm' : 'tools.delete')}
        </button>
      </fieldset>
    </li>
  );
}

/** Adds a server; its tools are listed next. One request id per form, so a double click adds once. */
function AddServer({ onAdded }: { onAdded: (message: string) => void }) {
  const { t } = useTranslation();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    const res = await consoleCall('POST', '/admin/tools/mcp', {
      name,
      url,
      token: token || undefined,
      code: token ? code.trim() : undefined,
      enabled: true,
      requestId,
    });
    // A code is taken once: a refused try needs the next one.
    setCode('');
    if (!res.ok) return setError(res.result || t('error'));
    setError('');
    setName('');
    setUrl('');
    setToken('');
    setRequestId(crypto.randomUUID());
    onAdded(t('tools.added'));
  }
  return (
    <Form className={`${card} grid gap-3 sm:grid-cols-2`} onSubmit={submit} aria-label={t('tools.add')}>
      <label className="text-sm">
        {t('tools.name')}
        <input className={field} value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required />
      </label>
      <label className="text-sm">
        {t('tools.url')}
        <input
          className={field}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          maxLength={500}
          required
          type="url"
        />
      </label>
      <label className="text-sm">
        {t('tools.token')}
        <input
          className={field}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          maxLength={500}
          type="password"
          autoComplete="off"
        />
      </label>
      {token !== '' && <TotpField label={t('tools.code')} labelClass="text-sm" value={code} onChange={setCode} />}
      <div className="flex items-end">
        <button type="submit" className={buttonClass('primary')}>
          {t('tools.add')}
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-300">
          {error}
        </p>
      )}
    </Form>
  );
}

/** The console's MCP servers (docs/chat.md#tools): admins add them, list their tools and open each to levels. */
function McpView() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<McpServerView[] | null>(null);
  const [message, setMessage] = useState('');
  const load = useCallback(
    () =>
      consoleCall('GET', '/admin/tools/mcp').then((res) =>
        res.ok ? setRows(res.data) : setMessage(res.result || t('error')),
      ),
    [t],
  );
  useEffect(() => void load(), [load]);
  const changed = (m: string) => {
    setMessage(m);
    void load();
  };
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700 dark:text-slate-200">{t('tools.intro')}</p>
      <AddServer onAdded={changed} />
      <p role="status" aria-live="polite" className="min-h-5 text-sm">
        {message}
      </p>
      {!rows ? (
        <p role="status">{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('tools.none')}</p>
      ) : (
        <ul className="space-y-3">
          {rows.map((s) => (
            <ServerCard key={s.id} server={s} onChanged={changed} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function McpServers(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <McpView />
    </IslandRoot>
  );
}
