/** A legal document as plain text; `{site}` in any string is replaced with the site name, `{days}` with the complaint handling time. */
export interface LegalDocument {
  /** ISO date of the last change. */
  updated: string;
  intro: string;
  sections: readonly LegalSection[];
}

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalContent {
  terms: LegalDocument;
  privacy: LegalDocument;
}

export type LegalKind = keyof LegalContent;
