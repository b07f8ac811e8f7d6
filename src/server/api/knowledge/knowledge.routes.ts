import { createRoute } from '@hono/zod-openapi';
import { idParam, noData } from '../../../shared/contract/common';
import {
  knowledgeBase,
  knowledgeBaseInput,
  knowledgeBaseList,
  knowledgeFile,
  knowledgeFileList,
  knowledgeFileParams,
  knowledgeSearchInput,
  knowledgeSearchResult,
  knowledgeUpload,
  knowledgeUrlInput,
} from '../../../shared/contract/knowledge';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';

const tags = ['knowledge'];
const auth = { 1000001: 'not logged in' };
const notFound = { 404: "no such base (or file) of the caller's (HTTP 404)" };
export const listBases = createRoute({
  security: access.login,
  method: 'get',
  path: '/knowledge/bases',
  tags,
  summary: "The caller's knowledge bases with their sizes, and what their membership level still allows",
  responses: jsonResponses(knowledgeBaseList, auth),
});

export const createBase = createRoute({
  security: access.login,
  method: 'post',
  path: '/knowledge/bases',
  tags,
  summary: 'Create a knowledge base',
  request: { body: jsonBody(knowledgeBaseInput) },
  responses: jsonResponses(knowledgeBase, { ...auth, 403: 'as many bases as the level allows (HTTP 403)' }),
});

export const renameBase = createRoute({
  security: access.login,
  method: 'patch',
  path: '/knowledge/bases/{id}',
  tags,
  summary: 'Rename an own knowledge base',
  request: { params: idParam, body: jsonBody(knowledgeBaseInput) },
  responses: jsonResponses(knowledgeBase, { ...auth, ...notFound }),
});

export const deleteBase = createRoute({
  security: access.login,
  method: 'delete',
  path: '/knowledge/bases/{id}',
  tags,
  summary: 'Delete an own knowledge base with its files, passages and stored bytes',
  request: { params: idParam },
  responses: jsonResponses(noData, { ...auth, ...notFound }),
});

export const listFiles = createRoute({
  security: access.login,
  method: 'get',
  path: '/knowledge/bases/{id}/files',
  tags,
  summary: "A base's files, newest first, with each one's ingestion status",
  request: { params: idParam },
  responses: jsonResponses(knowledgeFileList, { ...auth, ...notFound }),
});

export const addFile = createRoute({
  security: access.loginOr401,
  method: 'post',
  path: '/knowledge/bases/{id}/files',
  tags,
  summary: 'Add a file (multipart `file`) or a web page (JSON `{url}`) to an own base',
  description:
    'multipart/form-data with one `file` (PDF, DOCX, TXT, Markdown or HTML; KNOWLEDGE_FILE_MAX_BYTES), or a JSON ' +
    'body `{url}` naming a public http(s) page, fetched now (no private addresses, size and time caps). The file is ' +
    'stored privately and queued: its progress (parsing → chunking → indexing → ready, or failed with a reason) is ' +
    "pushed on the base's `channel`. An unsupported, empty or unreachable one answers 400 and nothing is stored.",
  request: {
    params: idParam,
    body: {
      content: {
        'multipart/form-data': { schema: knowledgeUpload },
        'application/json': { schema: knowledgeUrlInput },
      },
      required: false,
    },
  },
  responses: jsonResponses(knowledgeFile, {
    ...auth,
    ...notFound,
    400: 'unsupported, empty or unreadable file, or a page that cannot be fetched (HTTP 400)',
    403: 'the level allows no more files or bytes (HTTP 403)',
    413: 'larger than KNOWLEDGE_FILE_MAX_BYTES (HTTP 413)',
  }),
});

export const deleteFile = createRoute({
  security: access.login,
  method: 'delete',
  path: '/knowledge/bases/{id}/files/{fileId}',
  tags,
  summary: 'Delete a file of an own base with its passages and stored bytes',
  request: { params: knowledgeFileParams },
  responses: jsonResponses(noData, { ...auth, ...notFound }),
});

export const search = createRoute({
  security: access.login,
  method: 'post',
  path: '/knowledge/bases/{id}/search',
  tags,
  summary: 'Search an own base: the passages best answering `query`, with file name, page and fused score',
  request: { params: idParam, body: jsonBody(knowledgeSearchInput) },
  responses: jsonResponses(knowledgeSearchResult, { ...auth, ...notFound, 429: 'too many searches (HTTP 429)' }),
});
