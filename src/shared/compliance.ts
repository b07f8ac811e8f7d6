/**
 * The implicit label GB 45438-2025 asks every AI-generated file to carry: the metadata record of
 * its appendix, with the operator's identity the console sets (docs/compliance.md). Built here so
 * the server (pictures, songs) and the browser (exported conversations) write the same fields.
 */

/** The operator named in every label: its service name and algorithm filing code (网信算备…). */
export interface AigcOperator {
  serviceName: string;
  filingCode: string;
}

/** The appendix's fields, in its order. Label '1': the content is AI-generated. */
export interface AigcRecord {
  Label: '1';
  ContentProducer: string;
  ProduceID: string;
  ReservedCode1: string;
  ContentPropagator: string;
  PropagateID: string;
  ReservedCode2: string;
}

/** The name a label gives the operator: service name and filing code, either alone when the other is unset. */
export function operatorName(op: AigcOperator): string {
  return [op.serviceName.trim(), op.filingCode.trim()].filter(Boolean).join(' ');
}

/**
 * The record for one thing we made: we produce it and we hand it out, so producer and propagator
 * are both the operator, and its ID is our own task, song or message id in both places.
 */
export function aigcRecord(op: AigcOperator, produceId: string): AigcRecord {
  const name = operatorName(op);
  return {
    Label: '1',
    ContentProducer: name,
    ProduceID: produceId,
    ReservedCode1: '',
    ContentPropagator: name,
    PropagateID: produceId,
    ReservedCode2: '',
  };
}

/** The record as the one-line JSON the appendix shows (metadata field `AIGC`). */
export function aigcJson(op: AigcOperator, produceId: string): string {
  return JSON.stringify(aigcRecord(op, produceId));
}

/**
 * JSON with `<`, `>`, `&` and, when `ascii`, every non-ASCII character as \u escapes: still the
 * same JSON to a parser, but safe as XML text with no entity (readers differ in decoding those)
 * and, with `ascii`, as an EXIF ASCII field.
 */
export function escapedJson(value: unknown, ascii = false): string {
  const pattern = ascii ? /[<>&]|[^\x20-\x7e]/g : /[<>&]/g;
  return JSON.stringify(value).replace(pattern, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** What a complaint (投诉举报) is about. */
export const COMPLAINT_CATEGORIES = ['unlawful', 'infringement', 'personalInfo', 'other'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

/** A ticket's life: open until an operator replies; replied (may be replied to again); closed. */
export const COMPLAINT_STATUSES = ['open', 'replied', 'closed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** Bounds of a complaint's fields. */
export const COMPLAINT_LIMITS = { address: 500, description: 2000, reply: 4000 } as const;

/** A ticket number as the desk hands it out: `TS` + the site day + 8 random letters and digits. */
export const TICKET_PATTERN = /^TS\d{8}[A-Z0-9]{8}$/;

/** What an unlabelled download may be of (docs/compliance.md, "Unlabelled downloads"). */
export const UNLABELLED_KINDS = ['drawing', 'song'] as const;
export type UnlabelledKind = (typeof UNLABELLED_KINDS)[number];
/** How long a one-time unlabelled link works. */
export const UNLABELLED_LINK_HOURS = 24;
export const UNLABELLED_REASON_MAX = 500;

/**
 * What an uploaded picture's own metadata says of it (GB 45438-2025's label values): `generated`
 * (an implicit label "1"), `possible` ("2", or a C2PA manifest), `suspected` ("3", or a known
 * generator's marks such as SD WebUI's PNG `parameters`).
 */
export const UPLOAD_AIGC_MARKS = ['generated', 'possible', 'suspected'] as const;
export type UploadAigcMark = (typeof UPLOAD_AIGC_MARKS)[number];
