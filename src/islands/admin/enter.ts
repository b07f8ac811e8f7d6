import { post } from '../../lib/api';

/** Opens a console session with the login token (an HttpOnly cookie), then the console. */
export async function enterConsole() {
  const res = await post('/admin/session');
  if (res.ok) window.location.assign('/admin');
}
