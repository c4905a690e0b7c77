import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** In place of a public page whose link leads nowhere (a private or deleted chatbot, a session no longer shared). */
export function PublicUnavailable({ title, body, action, testId }: { title: string; body: string; action?: ReactNode; testId: string }) {
  return (
    <Center mih="100%" p="lg" py={60}>
      <Stack align="center" gap="sm" maw={460} data-testid={testId}>
        <ThemeIcon size={64} radius="xl" color="gray" variant="light" aria-hidden>
          <IconLinkOff size={32} />
        </ThemeIcon>
        <Title order={1} size="h2" ta="center" style={{ wordBreak: 'keep-all' }}>
          {title}
        </Title>
        <Text c="dimmed" ta="center" style={{ wordBreak: 'keep-all' }}>
          {body}
        </Text>
        {action}
      </Stack>
    </Center>
  );
}
