import type { Tenant } from '@app/contracts/tenants';
import { Group, Image, Skeleton, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const FALLBACK_LOGO = '/brand/fallback-logo.svg';

/** The tenant's logo, the fallback image when it is missing or fails to load (spec §9). */
export function TenantLogo({ tenant, loading, height = 32, withName = false }: { tenant: Tenant | undefined; loading: boolean; height?: number; withName?: boolean }) {
  const { i18n } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (loading) return <Skeleton height={height} width={height * 4} />;
  const name = tenant ? (i18n.language === 'ko' ? tenant.ko_name : tenant.en_name) : '';
  return (
    <Group gap="xs" wrap="nowrap">
      <Image
        src={!failed && tenant?.logo_url ? tenant.logo_url : FALLBACK_LOGO}
        // Beside the written name the image adds nothing to a screen reader.
        alt={withName ? '' : name}
        h={height}
        w="auto"
        fit="contain"
        onError={() => setFailed(true)}
        data-testid="tenant-logo"
      />
      {withName && name ? (
        <Text fw={600} size="sm" truncate>
          {name}
        </Text>
      ) : null}
    </Group>
  );
}
