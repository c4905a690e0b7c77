import { describe, expect, it } from 'vitest';
import { csvCell } from './members.export';

describe('CSV cells of the members export', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+82 10')).toBe("'+82 10");
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });
});
