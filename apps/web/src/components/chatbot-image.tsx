import { Center } from '@mantine/core';
import { useState } from 'react';

/**
 * A chatbot's picture, or its initial when it has none or it fails to load. Decorative: its name
 * is written beside it. (Mantine's Avatar would bring its group and placeholder icon into the
 * chat's initial JavaScript for this.)
 */
export function ChatbotImage({ src, name, size, radius = 'xl', lazy = false }: { src: string | null; name: string; size: number; radius?: 'md' | 'xl'; lazy?: boolean }) {
  const [failed, setFailed] = useState(false);
  return (
    <Center
      w={size}
      h={size}
      bg="indigo.0"
      c="indigo.7"
      fw={600}
      fz={Math.round(size * 0.42)}
      aria-hidden
      style={{ flex: 'none', overflow: 'hidden', borderRadius: `var(--mantine-radius-${radius})` }}
    >
      {src && !failed ? (
        <img src={src} alt="" width={size} height={size} loading={lazy ? 'lazy' : undefined} style={{ objectFit: 'cover' }} onError={() => setFailed(true)} />
      ) : (
        name.trim().slice(0, 1).toUpperCase() || '?'
      )}
    </Center>
  );
}
