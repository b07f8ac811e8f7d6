import { createRoute } from '@hono/zod-openapi';
import { chatRecording, chatSpeechBody, chatTranscript } from '../../../shared/contract/chat';
import { fileBody } from '../../../shared/contract/common';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';

export const transcribeAudio = createRoute({
  security: access.optionalLogin,
  method: 'post',
  path: '/chat/transcribe',
  tags: ['chat'],
  summary: "The composer's recording as text, heard by the site's speech service",
  description:
    'multipart/form-data with one `file`: a WebM, Ogg, MP4, MP3 or WAV recording (told by its bytes, ' +
    'SPEECH_MAX_BYTES, about 60 s). Visitors too, counted by address (SPEECH_PER_MINUTE). Heard by the ' +
    "console's speech channels, else SPEECH_BASE_URL; with neither 404 'not available': the composer then " +
    "uses the browser's recognition.",
  request: { body: { content: { 'multipart/form-data': { schema: chatRecording } }, required: false } },
  responses: jsonResponses(chatTranscript, {
    400: 'no file, empty, or not a supported recording (HTTP 400)',
    413: 'recording larger than SPEECH_MAX_BYTES (HTTP 413)',
    429: 'too many recordings this minute (HTTP 429)',
    404: 'no speech service configured (HTTP 404)',
    503: 'the speech service failed (HTTP 503)',
  }),
});

export const readAloud = createRoute({
  security: access.optionalLogin,
  method: 'post',
  path: '/chat/speech',
  tags: ['chat'],
  summary: "An answer's words read aloud by the site's speech service, as MP3",
  description:
    "The voice is the one a console speech channel's read-aloud model names for `lang`, else (SPEECH_BASE_URL) " +
    'SPEECH_VOICE_ZH or SPEECH_VOICE_EN (else SPEECH_VOICE). Visitors too, counted by ' +
    "address (SPEECH_READ_PER_MINUTE). Without a voice for the language 404 'not available': the browser's " +
    'synthesis reads instead.',
  request: { body: jsonBody(chatSpeechBody) },
  responses: {
    ...jsonResponses(fileBody, {
      429: 'too many read-alouds this minute (HTTP 429)',
      404: 'no speech service or no voice for the language (HTTP 404)',
      503: 'the speech service failed (HTTP 503)',
    }),
    200: { description: 'audio/mpeg', content: { 'audio/mpeg': { schema: fileBody } } },
  },
});
