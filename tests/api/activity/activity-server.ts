import { startTestServer, type TestServer } from '../helpers';

/** The activity suites' server: the standard test server with their settings. */
export function startActivityServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer(env);
}
