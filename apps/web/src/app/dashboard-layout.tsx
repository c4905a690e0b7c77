import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { ResponsiveShell } from '../components/responsive-shell';
import { TenantLogo } from '../components/tenant-logo';
import { AnnouncementBanner } from '../features/announcements/components/announcement-banner';
import { useTenant } from '../features/tenant/api/get-tenant';
import { NavBar } from './nav-bar';

/** Spec §2: the navigation bar is 264 px wide (a drawer on small screens). */
export const NAV_WIDTH = 264;

export default function DashboardLayout() {
  const tenant = useTenant();
  return (
    <ResponsiveShell navWidth={NAV_WIDTH} navId="dashboard-nav" nav={<NavBar />} brand={<TenantLogo tenant={tenant.data} loading={tenant.isLoading} height={28} withName />} fullHeight>
      <Box px="md" pt="sm">
        <AnnouncementBanner location="dashboard" />
      </Box>
      <Box flex={1} mih={0}>
        <Outlet />
      </Box>
    </ResponsiveShell>
  );
}
