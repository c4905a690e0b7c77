import { CHATBOT_LIMITS, DOCUMENT_TYPES, IMAGE_TYPES } from '@app/contracts/chatbots';

/** Why a picked profile image cannot be used (a key of the studio namespace), or null. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'image.errors.type';
  if (file.size > CHATBOT_LIMITS.imageMaxBytes) return 'image.errors.size';
  return null;
}

/** Browsers give Markdown files no type, or an odd one: their extension decides. */
export function documentType(file: Pick<File, 'type' | 'name'>): string {
  if (/\.(md|markdown)$/i.test(file.name)) return 'text/markdown';
  return file.type;
}

export interface DocumentPick<F> {
  accepted: F[];
  rejected: Array<{ file: F; reason: 'type' | 'size' | 'count' }>;
}

/** Splits picked documents into those to upload and those refused (type, size, or past the chatbot's maximum). */
export function pickDocuments<F extends Pick<File, 'type' | 'size' | 'name'>>(files: F[], existing: number): DocumentPick<F> {
  const out: DocumentPick<F> = { accepted: [], rejected: [] };
  for (const file of files) {
    if (!(DOCUMENT_TYPES as readonly string[]).includes(documentType(file))) out.rejected.push({ file, reason: 'type' });
    else if (file.size > CHATBOT_LIMITS.documentMaxBytes) out.rejected.push({ file, reason: 'size' });
    else if (existing + out.accepted.length >= CHATBOT_LIMITS.documentsMax) out.rejected.push({ file, reason: 'count' });
    else out.accepted.push(file);
  }
  return out;
}

/** A file size as people read it: bytes, KB or MB with one decimal. */
export function formatBytes(bytes: number, language: string): string {
  const fmt = (n: number) => n.toLocaleString(language, { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${fmt(bytes / 1024)} KB`;
  return `${fmt(bytes / (1024 * 1024))} MB`;
}

export const MB = (bytes: number) => Math.round(bytes / (1024 * 1024));
