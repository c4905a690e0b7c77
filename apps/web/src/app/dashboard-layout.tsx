import { AppShell, Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { AnnouncementBanner } from '../features/announcements/components/announcement-banner';
import { NavBar } from './nav-bar';

export const NAV_WIDTH = 264;

export default function DashboardLayout() {
  return (
    <AppShell navbar={{ width: NAV_WIDTH, breakpoint: 0 }} padding={0}>
      <AppShell.Navbar>
        <NavBar />
      </AppShell.Navbar>
      <AppShell.Main h="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
        <Box px="md" pt="sm">
          <AnnouncementBanner location="dashboard" />
        </Box>
        <Box flex={1} mih={0}>
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
