import { Center } from '@mantine/core';
import { useState } from 'react';

/** The requested chatbot's picture, or its initial. Decorative: the name is beside it. */
export function RequestImage({ src, name, size }: { src: string | null; name: string; size: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <Center w={size} h={size} bg="indigo.0" c="indigo.7" fw={600} fz={Math.round(size * 0.42)} aria-hidden style={{ flex: 'none', overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}>
      {src && !failed ? <img src={src} alt="" width={size} height={size} style={{ objectFit: 'cover' }} onError={() => setFailed(true)} /> : name.trim().slice(0, 1).toUpperCase() || '?'}
    </Center>
  );
}
