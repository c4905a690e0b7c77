import { Avatar } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';

/** The chatbot's picture, or a robot when it has none (or it fails to load). Decorative: its name is beside it. */
export function ChatbotImage({ src, size }: { src: string | null; size: number }) {
  return (
    <Avatar src={src} size={size} radius="md" color="indigo" variant="light" alt="" aria-hidden>
      <IconRobot size={Math.round(size * 0.55)} stroke={1.5} />
    </Avatar>
  );
}
