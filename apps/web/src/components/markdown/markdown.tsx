import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';

// react-markdown, GFM and highlight.js load on first use, outside the initial bundle.
const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

export function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text>}>
      <MarkdownRenderer text={text} />
    </Suspense>
  );
}
