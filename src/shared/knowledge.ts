// Knowledge bases' fixed values both sides use (docs/knowledge.md): the kinds of files read, the
// steps of an ingestion, and the bounds of a base's name and of a search.

export const KNOWLEDGE_FILE_KINDS = ['pdf', 'docx', 'txt', 'md', 'html'] as const;
export type KnowledgeFileKind = (typeof KNOWLEDGE_FILE_KINDS)[number];

/** An ingestion's steps; `ready` and `failed` end it. */
export const KNOWLEDGE_FILE_STATUSES = ['queued', 'parsing', 'chunking', 'indexing', 'ready', 'failed'] as const;
export type KnowledgeFileStatus = (typeof KNOWLEDGE_FILE_STATUSES)[number];

/** Characters of a base's name. */
export const KNOWLEDGE_NAME_MAX = 60;
/** Characters of a search question. */
export const KNOWLEDGE_QUERY_MAX = 500;
