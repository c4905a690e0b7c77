import type { PublicSsoPlatform, SsoIdentityResponse } from '@app/contracts/sso';
import { Alert, Button, Divider, Skeleton, Stack } from '@mantine/core';
import { IconKey, IconBuildingSkyscraper } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingSso, ssoErrorMessage, ssoRedirectUrl } from '../../../lib/sso';
import { useAuthorizeSso } from '../api/authorize-sso';
import { useSsoPlatforms } from '../api/list-sso-platforms';
import { DirectorySignInModal } from './directory-sign-in-modal';

interface Props {
  /** A directory sign-in ended: signed in, or an identity to sign up with. */
  onIdentity: (res: SsoIdentityResponse, platform: PublicSsoPlatform) => void;
}

/**
 * The sign-in page's single sign-on: a button per enabled platform of the tenant. An OIDC platform
 * sends the browser to its provider (which comes back to /auth); a directory opens the id and
 * password step, then the code step.
 */
export function SsoButtons({ onIdentity }: Props) {
  const { t } = useTranslation('sso');
  const platforms = useSsoPlatforms();
  const authorize = useAuthorizeSso();
  const [directory, setDirectory] = useState<PublicSsoPlatform | null>(null);

  if (platforms.isPending) return <Skeleton height={36} />;
  const items = platforms.data?.items ?? [];
  if (items.length === 0) return null;

  const start = (p: PublicSsoPlatform) => {
    if (p.kind === 'directory') return setDirectory(p);
    const redirect_url = ssoRedirectUrl();
    authorize.mutate(
      { id: p.id, redirect_url },
      {
        onSuccess: (res) => {
          pendingSso.set({ platform_id: p.id, platform_name: p.name, redirect_url });
          window.location.assign(res.authorization_url);
        },
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="sso-buttons">
      <Divider label={t('signIn.or')} labelPosition="center" />
      {items.map((p) => (
        <Button
          key={p.id}
          variant="default"
          leftSection={p.kind === 'oidc' ? <IconKey size={16} /> : <IconBuildingSkyscraper size={16} />}
          loading={authorize.isPending && authorize.variables?.id === p.id}
          onClick={() => start(p)}
          fullWidth
          data-testid={`sso-button-${p.id}`}
        >
          {t('signIn.with', { name: p.name })}
        </Button>
      ))}
      {authorize.isError ? (
        <Alert color="red" py="xs" data-testid="sso-start-error">
          {ssoErrorMessage(t, authorize.error)}
        </Alert>
      ) : null}
      {directory ? (
        <DirectorySignInModal
          platform={directory}
          onClose={() => setDirectory(null)}
          onDone={(res) => {
            setDirectory(null);
            onIdentity(res, directory);
          }}
        />
      ) : null}
    </Stack>
  );
}
