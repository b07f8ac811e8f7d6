import { startTestServer, type TestServer } from './helpers';

/**
 * A test server with chat variables. Until env.ts carries chat's variables,
 * loadEnv drops them, so they are also put on the runtime's env object
 * (read on the first chat request).
 */
export async function startChatServer(env: Record<string, string> = {}): Promise<TestServer> {
  const srv = await startTestServer(env);
  Object.assign(srv.runtime.env, env);
  return srv;
}

export function ask(srv: TestServer, body: object, headers: Record<string, string> = {}, signal?: AbortSignal) {
  return fetch(`${srv.url}/api/chat/process`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
  });
}
