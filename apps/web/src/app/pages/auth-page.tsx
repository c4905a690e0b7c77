import { Box, Center, Flex, Paper, Stack } from '@mantine/core';
import { Navigate } from 'react-router';
import { TenantLogo } from '../../components/tenant-logo';
import { AnnouncementBanner } from '../../features/announcements/components/announcement-banner';
import { MarketingPanel } from '../../features/auth/components/marketing-panel';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { useTenant } from '../../features/tenant/api/get-tenant';
import { useAuth } from '../../lib/use-auth';
import { MemberLanguageSwitch } from '../member-language-switch';

export default function AuthPage() {
  const { accessToken } = useAuth();
  const tenant = useTenant();
  if (accessToken) return <Navigate to="/dashboard/chat" replace />;
  return (
    <Flex mih="100vh" direction={{ base: 'column', md: 'row' }}>
      <Box flex={1} p={{ base: 'lg', md: 48 }} bg="indigo.7" visibleFrom="sm">
        <MarketingPanel />
      </Box>
      <Center flex={1} p="lg">
        <Stack w="100%" maw={420} gap="lg">
          <Flex justify="space-between" align="center">
            <TenantLogo tenant={tenant.data} loading={tenant.isLoading} height={40} withName />
            <MemberLanguageSwitch compact />
          </Flex>
          <AnnouncementBanner location="auth" />
          <Paper withBorder p="xl" radius="md" shadow="xs">
            <SignInForm />
          </Paper>
        </Stack>
      </Center>
    </Flex>
  );
}
