import { startTestServer, type TestServer } from '../helpers';

/** A test server with chat variables (quotas, model endpoint). */
export function startChatServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer(env);
}

export function ask(srv: TestServer, body: object, headers: Record<string, string> = {}, signal?: AbortSignal) {
  return fetch(`${srv.url}/api/chat/process`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
  });
}
