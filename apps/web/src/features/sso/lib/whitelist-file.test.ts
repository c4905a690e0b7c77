import { describe, expect, it } from 'vitest';
import { checkWhitelistFile, toChunks } from './whitelist-file';

describe('whitelist file', () => {
  it('counts emails, skips a header and blank rows, sends repeats once', () => {
    const r = checkWhitelistFile('\uFEFFemail\r\nA@corp.test\r\n\r\nb@corp.test,Bob\r\na@corp.test\r\n');
    expect(r).toEqual({ emails: ['a@corp.test', 'b@corp.test'], invalid: [], rows: 3 });
  });
  it('reports invalid emails (they block the upload) and none valid', () => {
    expect(checkWhitelistFile('ok@corp.test\nnot-an-email\n"x@y"').invalid).toEqual(['not-an-email', 'x@y']);
    expect(checkWhitelistFile('email\n\n').emails).toEqual([]);
  });
  it('splits into batches', () => {
    expect(toChunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});
