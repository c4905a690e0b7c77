import { Center } from '@mantine/core';
import { useState } from 'react';

/**
 * The chatbot's picture, or its initial when it has none or it fails to load. Decorative: the
 * name is written beside it. (Mantine's Avatar would bring its group and placeholder icon into
 * the chat's initial JavaScript for this.)
 */
export function BotAvatar({ src, name, size }: { src: string | null; name: string; size: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <Center
      w={size}
      h={size}
      bg="indigo.0"
      c="indigo.7"
      fw={600}
      fz={Math.round(size * 0.4)}
      aria-hidden
      style={{ flex: 'none', overflow: 'hidden', borderRadius: 'var(--mantine-radius-xl)' }}
    >
      {src && !failed ? <img src={src} alt="" width={size} height={size} style={{ objectFit: 'cover' }} onError={() => setFailed(true)} /> : name.slice(0, 1)}
    </Center>
  );
}
