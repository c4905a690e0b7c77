import { describe, expect, it } from 'vitest';
import { canonicalUrl, htmlToText, PROMPT_LIMITS, plainText, promptBlock, rankResults, searchCostUnits } from './web-search.rules';

describe('web search rules', () => {
  it('one identity for a page whatever its fragment, tracking parameters, www or trailing slash', () => {
    const same = ['https://www.Example.com/a/?utm_source=x#top', 'https://example.com/a', 'http://example.com/a/?fbclid=1'];
    expect(new Set(same.map(canonicalUrl)).size).toBe(1);
    expect(canonicalUrl('https://example.com/a?id=1')).not.toBe(canonicalUrl('https://example.com/a?id=2'));
    expect(canonicalUrl('javascript:alert(1)')).toBeNull();
    expect(canonicalUrl('not a url')).toBeNull();
  });

  it('ranks by placement and by the question’s words, a page once, two a site, no broken results', () => {
    const ranked = rankResults(
      'tidal power',
      [
        { title: 'Cats', url: 'https://cats.example/', snippet: 'Cats sleep a lot.' },
        { title: 'Tidal power', url: 'https://energy.example/tidal', snippet: 'Tidal power turns tides into electricity.' },
        { title: 'Tidal power (copy)', url: 'https://www.energy.example/tidal/#x', snippet: 'Same page again, with a longer snippet than the first one had.' },
        { title: 'Tidal power 2', url: 'https://energy.example/tidal-2', snippet: 'More on tidal power.' },
        { title: 'Tidal power 3', url: 'https://energy.example/tidal-3', snippet: 'Even more on tidal power.' },
        { title: '', url: 'https://empty.example/', snippet: '' },
        { title: 'Bad', url: 'ftp://files.example/tidal', snippet: 'tidal power' },
      ],
      10,
    );
    // The provider's first stays first; the same page once; two pages of one site.
    expect(ranked.map((r) => r.url)).toEqual(['https://cats.example/', 'https://energy.example/tidal', 'https://energy.example/tidal-2']);
    // Lower down, a result with the question's words passes one placed just above it without them.
    const nudged = rankResults('tidal power', ['a', 'b', 'c'].map((h) => ({ title: h, url: `https://${h}.example/`, snippet: 'nothing' })).concat([{ title: 'Tidal power', url: 'https://d.example/', snippet: '' }]), 4);
    expect(nudged.map((r) => r.title)).toEqual(['a', 'b', 'Tidal power', 'c']);
    expect(ranked[1]!.snippet).toContain('longer snippet');
    expect(rankResults('x', [{ title: 'a', url: 'https://a.example/', snippet: '' }, { title: 'b', url: 'https://b.example/', snippet: '' }], 1)).toHaveLength(1);
  });

  it('reads providers’ markup and pages as plain text', () => {
    expect(plainText('The <strong>best</strong> &amp; brightest')).toBe('The best & brightest');
    const text = htmlToText('<html><head><script>evil()</script></head><body><nav>Menu</nav><article><h1>Title</h1><p>First   paragraph.</p><p>Second.</p></article><footer>(c)</footer></body></html>');
    expect(text).toBe('Title\nFirst paragraph.\nSecond.');
    expect(htmlToText(`<p>${'word '.repeat(2000)}</p>`, 100).length).toBeLessThanOrEqual(100);
  });

  it('numbers the sources in the prompt block and keeps it within its limits', () => {
    const sources = Array.from({ length: 30 }, (_, i) => ({ index: i + 1, title: `T${i + 1}`, url: `https://s${i}.example/`, snippet: 'short', content: 'x'.repeat(5000) }));
    const block = promptBlock(sources, new Date('2026-01-02T03:04:05Z'));
    expect(block).toContain('[1] T1\nURL: https://s0.example/\n');
    expect(block.length).toBeLessThanOrEqual(PROMPT_LIMITS.total);
    expect(block).not.toContain('x'.repeat(PROMPT_LIMITS.contentPerSource + 1));
  });

  it('charges the model’s cost per search exactly', () => {
    expect(searchCostUnits(10_000n, 1)).toBe(100_000_000n);
    expect(searchCostUnits(1n, 3)).toBe(30_000n);
  });
});
