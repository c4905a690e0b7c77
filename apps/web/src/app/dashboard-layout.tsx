import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ResponsiveShell } from '../components/responsive-shell';
import { TenantLogo } from '../components/tenant-logo';
import { AnnouncementBanner } from '../features/announcements/components/announcement-banner';
import { useTenant } from '../entities/tenant';
import { NavBar } from './nav-bar';

/** Spec §2: the navigation bar is 264 px wide (a drawer on small screens). */
export const NAV_WIDTH = 264;

/** `children` in place of the matched route: a page shown in the dashboard's frame at a URL outside /dashboard (the restricted-access page at /admin/…). */
export default function DashboardLayout({ children }: { children?: ReactNode }) {
  const tenant = useTenant();
  return (
    <ResponsiveShell navWidth={NAV_WIDTH} navId="dashboard-nav" nav={<NavBar />} brand={<TenantLogo tenant={tenant.data} loading={tenant.isLoading} height={28} withName />} fullHeight>
      <Box px="md" pt="sm">
        <AnnouncementBanner location="dashboard" />
      </Box>
      <Box flex={1} mih={0}>
        {children ?? <Outlet />}
      </Box>
    </ResponsiveShell>
  );
}
