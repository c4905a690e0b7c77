import { describe, expect, it } from 'vitest';
import { xlsxOf } from '../../../lib/__fixtures__/write-xlsx';
import { checkWhitelistFile, readWhitelistFile, toChunks } from './whitelist-file';

describe('whitelist file', () => {
  it('counts emails, skips a header and blank rows, sends repeats once', () => {
    const r = checkWhitelistFile('\uFEFFemail\r\nA@corp.test\r\n\r\nb@corp.test,Bob\r\na@corp.test\r\n');
    expect(r).toEqual({ emails: ['a@corp.test', 'b@corp.test'], invalid: [], rows: 3 });
  });
  it('reports invalid emails (they block the upload) and none valid', () => {
    expect(checkWhitelistFile('ok@corp.test\nnot-an-email\n"x@y"').invalid).toEqual(['not-an-email', 'x@y']);
    expect(checkWhitelistFile('email\n\n').emails).toEqual([]);
  });
  it('reads the first column of an XLSX sheet, its header and blank rows skipped', async () => {
    const sheet = xlsxOf([['Email', 'Name'], ['Kim@Corp.test', 'Kim'], [null, null], ['lee@corp.test', 'Lee'], ['nope', 'X']], 'Whitelist');
    expect(await readWhitelistFile(new Blob([sheet]))).toEqual({ emails: ['kim@corp.test', 'lee@corp.test'], invalid: ['nope'], rows: 3 });
  });
  it('reads Korean Excel CSV (EUC-KR) and UTF-16 text; a binary file is unreadable', async () => {
    // "이메일" header in EUC-KR, then one address.
    const eucKr = new Uint8Array([0xc0, 0xcc, 0xb8, 0xde, 0xc0, 0xcf, 0x0a, ...new TextEncoder().encode('a@corp.test\n')]);
    expect((await readWhitelistFile(new Blob([eucKr])))?.emails).toEqual(['a@corp.test']);
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'email\nb@corp.test\n'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(await readWhitelistFile(new Blob([utf16]))).toEqual({ emails: ['b@corp.test'], invalid: [], rows: 1 });
    expect(await readWhitelistFile(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])]))).toBeNull();
    expect(await readWhitelistFile(new Blob([new Uint8Array([0x80, 0xff, 0x00, 0xfe, 0x81])]))).toBeNull();
  });
  it('splits into batches', () => {
    expect(toChunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});
