import { Box, Flex } from '@mantine/core';
import { Outlet } from 'react-router';
import { AnnouncementBanner } from '../features/announcements/components/announcement-banner';
import { NavBar } from './nav-bar';

/** Spec §2: the navigation bar is 264 px wide. */
export const NAV_WIDTH = 264;

export default function DashboardLayout() {
  return (
    <Flex h="100vh" style={{ overflow: 'hidden' }}>
      <Box component="nav" w={NAV_WIDTH} miw={NAV_WIDTH} h="100%" style={{ borderRight: '1px solid var(--mantine-color-gray-3)' }} bg="gray.0">
        <NavBar />
      </Box>
      <Flex component="main" direction="column" flex={1} miw={0} h="100%">
        <Box px="md" pt="sm">
          <AnnouncementBanner location="dashboard" />
        </Box>
        <Box flex={1} mih={0}>
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
