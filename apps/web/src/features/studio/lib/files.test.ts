import { describe, expect, it } from 'vitest';
import { documentType, formatBytes, imageFileProblem, pickDocuments } from './files';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('files', () => {
  it('accepts the platform image types up to 5 MB', () => {
    expect(imageFileProblem(file('a.png', 'image/png'))).toBeNull();
    expect(imageFileProblem(file('a.webp', 'image/webp', 5 * MB))).toBeNull();
    expect(imageFileProblem(file('a.svg', 'image/svg+xml'))).toBe('image.errors.type');
    expect(imageFileProblem(file('a.png', 'image/png', 5 * MB + 1))).toBe('image.errors.size');
  });

  it('knows Markdown by its extension', () => {
    expect(documentType(file('notes.md', ''))).toBe('text/markdown');
    expect(documentType(file('notes.MARKDOWN', 'application/octet-stream'))).toBe('text/markdown');
    expect(documentType(file('a.pdf', 'application/pdf'))).toBe('application/pdf');
  });

  it('refuses unsupported, too large and past-the-maximum documents', () => {
    const picked = pickDocuments(
      [file('a.pdf', 'application/pdf'), file('b.exe', 'application/x-msdownload'), file('c.txt', 'text/plain', 11 * MB), file('d.md', ''), file('e.csv', 'text/csv')],
      8,
    );
    expect(picked.accepted.map((f) => f.name)).toEqual(['a.pdf', 'd.md']);
    expect(picked.rejected.map((r) => [r.file.name, r.reason])).toEqual([
      ['b.exe', 'type'],
      ['c.txt', 'size'],
      ['e.csv', 'count'],
    ]);
  });

  it('formats sizes', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(3 * MB, 'en')).toBe('3 MB');
  });
});
