import { Group, Image, Skeleton, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenant } from '../api/get-tenant';

export const FALLBACK_LOGO = '/brand/fallback-logo.svg';

/** The tenant's logo, the fallback image when it is missing or fails to load (spec §9). */
export function TenantLogo({ height = 32, withName = false }: { height?: number; withName?: boolean }) {
  const { data, isLoading } = useTenant();
  const { i18n } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (isLoading) return <Skeleton height={height} width={height * 4} />;
  const name = data ? (i18n.language === 'ko' ? data.ko_name : data.en_name) : '';
  return (
    <Group gap="xs" wrap="nowrap">
      <Image
        src={!failed && data?.logo_url ? data.logo_url : FALLBACK_LOGO}
        alt={name}
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
