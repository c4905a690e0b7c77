import { Box, Flex, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of the pages visitors open without signing in: the tenant's brand on the left, the
 * language switch and the way into the dashboard on the right, the page below. `fill` keeps the
 * page to the window's height (a chat scrolls inside itself).
 */
export function PublicFrame({ brand, actions, fill = false, children }: { brand: ReactNode; actions: ReactNode; fill?: boolean; children: ReactNode }) {
  return (
    <Flex direction="column" h={fill ? '100dvh' : undefined} mih="100dvh">
      <Group
        component="header"
        justify="space-between"
        gap="xs"
        px={{ base: 'sm', sm: 'lg' }}
        py="xs"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', flex: 'none' }}
        data-testid="public-header"
      >
        <Box miw={0}>{brand}</Box>
        <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
          {actions}
        </Group>
      </Group>
      <Box component="main" flex={1} mih={0}>
        {children}
      </Box>
    </Flex>
  );
}
