import 'highlight.js/styles/github.css';
import { Button } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { splitBlocks } from './split-blocks';

/** Images in model output are not fetched until the user asks: a URL could carry data out. */
function ClickToLoadImage({ src, alt }: { src?: string; alt?: string }) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  if (!src) return null;
  if (shown) return <img src={src} alt={alt ?? ''} style={{ maxWidth: '100%' }} referrerPolicy="no-referrer" />;
  return (
    <Button size="compact-xs" variant="light" leftSection={<IconPhoto size={14} />} onClick={() => setShown(true)} title={src} data-testid="load-image">
      {t('markdown.loadImage', { name: alt || new URL(src, window.location.href).hostname })}
    </Button>
  );
}

const components: Components = {
  img: ({ src, alt }) => <ClickToLoadImage src={typeof src === 'string' ? src : undefined} alt={alt} />,
  // react-markdown empties a URL whose scheme is not safe (javascript:, data:, vbscript:…): that link is left as its text.
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};

// No rehype-raw: raw HTML in model output is shown as text, never rendered.
const Block = memo(function Block({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[[rehypeHighlight, { detect: false, ignoreMissing: true }]]} components={components}>
      {text}
    </ReactMarkdown>
  );
});

/** Renders block by block; while a message streams only the last (changing) block re-renders. */
export default function MarkdownRenderer({ text }: { text: string }) {
  return (
    <div className="markdown-body">
      {splitBlocks(text).map((b, i) => (
        <Block key={i} text={b} />
      ))}
    </div>
  );
}
