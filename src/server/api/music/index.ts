import { Code } from '../../../shared/codes';
import { labelledSong } from '../../services/compliance/downloads';
import { submitSong, writeSongLyrics } from '../../services/music/compose';
import { songDto } from '../../services/music/dto';
import { readMusicQuota } from '../../services/music/quota';
import { deleteSong, listMySongs, listPublicSongs, setSongVisibility, songFor } from '../../services/music/songs';
import { userIdOf, viewerOf } from '../access';
import type { ApiApp } from '../context';
import { attachment } from '../download';
import { reply } from '../errors';
import * as r from './music.routes';

/** /api/music: compose, list, read, delete, publish, lyrics and quota (issue 7). */
export function registerMusic(app: ApiApp) {
  app.openapi(r.submitSong, async (c) => {
    const id = userIdOf(c);
    const song = await submitSong(c.get('runtime'), id, c.req.valid('json'), c.get('lang'));
    return reply(c, song, c.get('t')('music:submit.queued'), Code.SUCCESS);
  });

  app.openapi(r.listMine, async (c) => {
    const id = userIdOf(c);
    return reply(c, await listMySongs(c.get('runtime'), id, c.req.valid('json')));
  });

  app.openapi(r.listPublic, async (c) => {
    const who = viewerOf(c);
    return reply(c, await listPublicSongs(c.get('runtime'), c.req.valid('json'), who));
  });

  app.openapi(r.songDetail, async (c) => {
    const who = viewerOf(c);
    const song = await songFor(c.get('runtime').database.db, c.req.valid('query').id, who);
    return reply(c, await songDto(song, who, c.get('runtime')));
  });

  app.openapi(r.downloadSong, async (c) => {
    const file = await labelledSong(c.get('runtime'), c.req.valid('query').id, viewerOf(c));
    return attachment(c, file);
  });

  app.openapi(r.deleteSong, async (c) => {
    const id = userIdOf(c);
    await deleteSong(c.get('runtime'), id, c.req.valid('json').id);
    return reply(c, null, c.get('t')('music:delete.done'), Code.DELETE_RESULT);
  });

  app.openapi(r.setVisibility, async (c) => {
    const id = userIdOf(c);
    const { id: songId, isPublic } = c.req.valid('json');
    const song = await setSongVisibility(c.get('runtime'), id, songId, isPublic);
    const said = !isPublic ? 'private' : song.review === 'pending' ? 'pending' : 'public';
    return reply(c, song, c.get('t')(`music:visibility.${said}`));
  });

  app.openapi(r.writeLyrics, async (c) => {
    const id = userIdOf(c);
    return reply(c, await writeSongLyrics(c.get('runtime'), id, c.req.valid('json').prompt, c.get('lang')));
  });

  app.openapi(r.readQuota, async (c) => reply(c, await readMusicQuota(c.get('runtime'), userIdOf(c))));
}
