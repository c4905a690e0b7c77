import type { AdminSsoPlatform, CreateSsoPlatformBody, SsoPlatformKind, VerificationMethod } from '@app/contracts/sso';
import { Alert, Button, Group, Modal, PasswordInput, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/status-messages';
import { useSaveSsoPlatform } from '../api/admin-sso-platforms';

interface Values {
  kind: SsoPlatformKind;
  name: string;
  is_enabled: boolean;
  requires_whitelist: boolean;
  issuer_url: string;
  client_id: string;
  client_secret: string;
  scopes: string;
  id_claim: string;
  directory_url: string;
  bind_dn_template: string;
  base_dn: string;
  attr_email: string;
  attr_name: string;
  attr_phone: string;
  verification_method: VerificationMethod;
}

/** Create or edit a platform; the client secret is write-only (empty keeps the stored one). */
export function SsoPlatformModal({ platform, onClose }: { platform: AdminSsoPlatform | null; onClose: () => void }) {
  const { t } = useTranslation('sso');
  const save = useSaveSsoPlatform();
  const form = useForm<Values>({
    initialValues: {
      kind: platform?.kind ?? 'oidc',
      name: platform?.name ?? '',
      is_enabled: platform?.is_enabled ?? true,
      requires_whitelist: platform?.requires_whitelist ?? false,
      issuer_url: platform?.issuer_url ?? '',
      client_id: platform?.client_id ?? '',
      client_secret: '',
      scopes: platform?.scopes ?? 'openid email profile',
      id_claim: platform?.id_claim ?? 'sub',
      directory_url: platform?.directory_url ?? '',
      bind_dn_template: platform?.bind_dn_template ?? '',
      base_dn: platform?.base_dn ?? '',
      attr_email: platform?.attributes.email ?? 'mail',
      attr_name: platform?.attributes.name ?? 'cn',
      attr_phone: platform?.attributes.phone ?? 'mobile',
      verification_method: platform?.verification_method ?? 'email',
    },
    validate: (v) => ({
      name: v.name.trim() ? null : t('platforms.form.required'),
      issuer_url: v.kind === 'oidc' && !/^https?:\/\/\S+$/.test(v.issuer_url.trim()) ? t('platforms.form.url') : null,
      client_id: v.kind === 'oidc' && !v.client_id.trim() ? t('platforms.form.required') : null,
      directory_url: v.kind === 'directory' && !/^ldaps?:\/\/\S+$/.test(v.directory_url.trim()) ? t('platforms.form.ldapUrl') : null,
      bind_dn_template: v.kind === 'directory' && !v.bind_dn_template.includes('{user_id}') ? t('platforms.form.template') : null,
    }),
  });
  const v = form.values;

  const submit = form.onSubmit((x) => {
    const body: CreateSsoPlatformBody = {
      kind: x.kind,
      name: x.name.trim(),
      is_enabled: x.is_enabled,
      requires_whitelist: x.requires_whitelist,
      ...(x.kind === 'oidc'
        ? { issuer_url: x.issuer_url.trim(), client_id: x.client_id.trim(), scopes: x.scopes.trim() || 'openid email profile', id_claim: x.id_claim.trim() || 'sub', ...(x.client_secret ? { client_secret: x.client_secret } : {}) }
        : {
            directory_url: x.directory_url.trim(),
            bind_dn_template: x.bind_dn_template.trim(),
            base_dn: x.base_dn.trim() || null,
            attributes: { email: x.attr_email.trim() || 'mail', name: x.attr_name.trim() || 'cn', phone: x.attr_phone.trim() || 'mobile' },
            verification_method: x.verification_method,
          }),
    };
    const { kind: _kind, ...patch } = body;
    save.mutate(platform ? { id: platform.id, body: patch } : { id: null, body }, { onSuccess: onClose });
  });

  return (
    <Modal opened onClose={onClose} title={platform ? t('platforms.editTitle') : t('platforms.new')} size="lg" centered closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="sso-platform-modal">
      <form onSubmit={submit} noValidate>
        <Stack>
          {platform ? null : (
            <SegmentedControl
              value={v.kind}
              onChange={(k) => form.setFieldValue('kind', k === 'directory' ? 'directory' : 'oidc')}
              data={[
                { value: 'oidc', label: t('platforms.kinds.oidc') },
                { value: 'directory', label: t('platforms.kinds.directory') },
              ]}
              data-testid="sso-platform-kind"
            />
          )}
          <TextInput label={t('platforms.name')} withAsterisk data-testid="sso-platform-name" {...form.getInputProps('name')} />
          {v.kind === 'oidc' ? (
            <>
              <TextInput label={t('platforms.form.issuer')} description={t('platforms.form.issuerHint', { origin: window.location.origin })} withAsterisk data-testid="sso-platform-issuer" {...form.getInputProps('issuer_url')} />
              <TextInput label={t('platforms.form.clientId')} withAsterisk data-testid="sso-platform-client-id" {...form.getInputProps('client_id')} />
              <PasswordInput
                label={t('platforms.form.clientSecret')}
                description={platform?.client_secret_set ? t('platforms.form.secretSet') : t('platforms.form.secretHint')}
                autoComplete="off"
                data-testid="sso-platform-client-secret"
                {...form.getInputProps('client_secret')}
              />
              <Group grow>
                <TextInput label={t('platforms.form.scopes')} {...form.getInputProps('scopes')} />
                <TextInput label={t('platforms.form.idClaim')} description={t('platforms.form.idClaimHint')} {...form.getInputProps('id_claim')} />
              </Group>
            </>
          ) : (
            <>
              <TextInput label={t('platforms.form.directoryUrl')} placeholder="ldaps://ldap.example.com" withAsterisk data-testid="sso-platform-directory-url" {...form.getInputProps('directory_url')} />
              <TextInput
                label={t('platforms.form.bindDn')}
                description={t('platforms.form.bindDnHint')}
                placeholder="uid={user_id},ou=people,dc=example,dc=com"
                withAsterisk
                data-testid="sso-platform-bind-dn"
                {...form.getInputProps('bind_dn_template')}
              />
              <TextInput label={t('platforms.form.baseDn')} {...form.getInputProps('base_dn')} />
              <Group grow>
                <TextInput label={t('platforms.form.attrEmail')} {...form.getInputProps('attr_email')} />
                <TextInput label={t('platforms.form.attrName')} {...form.getInputProps('attr_name')} />
                <TextInput label={t('platforms.form.attrPhone')} {...form.getInputProps('attr_phone')} />
              </Group>
              <div>
                <Text size="sm" fw={500} mb={4}>
                  {t('platforms.form.method')}
                </Text>
                <SegmentedControl
                  value={v.verification_method}
                  onChange={(m) => form.setFieldValue('verification_method', m === 'sms' ? 'sms' : 'email')}
                  data={[
                    { value: 'email', label: t('directory.methods.email') },
                    { value: 'sms', label: t('directory.methods.sms') },
                  ]}
                />
              </div>
            </>
          )}
          <Switch label={t('platforms.form.enabled')} {...form.getInputProps('is_enabled', { type: 'checkbox' })} data-testid="sso-platform-enabled" />
          <Switch label={t('platforms.form.whitelist')} description={t('platforms.form.whitelistHint')} {...form.getInputProps('requires_whitelist', { type: 'checkbox' })} data-testid="sso-platform-whitelist" />
          {save.isError ? (
            <Alert color="red" data-testid="sso-platform-error">
              {save.error instanceof ApiError && save.error.code === 'sso_settings_invalid' ? t('platforms.form.incomplete') : errorMessage(t, save.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('platforms.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="sso-platform-save">
              {t('platforms.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
