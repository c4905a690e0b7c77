import type { BulkInviteResponse } from '@app/contracts/invitations';
import type { MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { ActionIcon, Alert, Badge, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminCustomFields } from '../../../entities/custom-fields';
import { customFieldPayload } from '../../../lib/custom-fields';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useInviteMembers } from '../api/invite-members';
import { rowErrorText } from '../lib/row-error-text';

interface Row {
  key: number;
  name: string;
  email: string;
  /** '' = the organisation's default group. */
  group: string;
  /** Sign-up custom fields by id: the invitee finds them filled in. */
  custom: Record<string, string>;
}

let nextKey = 1;
const emptyRow = (): Row => ({ key: nextKey++, name: '', email: '', group: '', custom: {} });

/** Rows of people to invite at once; up to this many per send. */
const MAX_ROWS = 50;

/**
 * Invite one or several people: name, email and (optionally) their group per row. Each row is
 * invited on its own; the ones that failed stay in the form with the reason, to fix and send again.
 */
export function InviteModal({ groups, onClose }: { groups: MemberGroupSummary[]; onClose: () => void }) {
  const { t, i18n } = useTranslation('invitations');
  const invite = useInviteMembers();
  const fields = useAdminCustomFields().data?.items ?? [];
  // Optional here even when required at sign-up: the invitee fills in what is left when accepting.
  const signup = fields.filter((f) => f.is_signup_field).sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  const [results, setResults] = useState<BulkInviteResponse['items'] | null>(null);
  const form = useForm<{ rows: Row[] }>({
    initialValues: { rows: [emptyRow()] },
    validateInputOnBlur: true,
    validate: {
      rows: {
        name: (v) => (v.trim().length >= 1 && v.trim().length <= 100 ? null : t('invite.validation.name')),
        email: (v, values, path) => {
          const email = v.trim().toLowerCase();
          if (!/^\S+@\S+\.\S+$/.test(email) || email.length >= 255) return t('invite.validation.email');
          const index = Number(path.split('.')[1]);
          return values.rows.some((r, i) => i < index && r.email.trim().toLowerCase() === email) ? t('invite.validation.duplicate') : null;
        },
      },
    },
  });
  const groupOptions = groups.map((g) => ({ value: String(g.id), label: localizedName(g, i18n.language) }));

  const submit = form.onSubmit(({ rows }) =>
    invite.mutate(
      {
        members: rows.map((r) => ({
          name: r.name.trim(),
          email: r.email.trim().toLowerCase(),
          default_member_group_id: r.group ? Number(r.group) : null,
          custom_fields: customFieldPayload(signup, r.custom),
        })),
      },
      {
        onSuccess: (res) => {
          setResults(res.items);
          // Invited rows leave the form; failed ones stay to be fixed.
          const failed = new Set(res.items.filter((i) => i.status === 'failed').map((i) => i.email));
          const left = rows.filter((r) => failed.has(r.email.trim().toLowerCase()));
          form.setValues({ rows: left });
          form.resetDirty({ rows: left });
        },
      },
    ),
  );

  const rows = form.values.rows;
  const invited = results?.filter((r) => r.status === 'invited').length ?? 0;

  return (
    <Modal opened onClose={onClose} title={t('invite.title')} size="xl" centered closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="invite-modal">
      <Stack>
        {results ? (
          <Alert color={invited === results.length ? 'teal' : 'indigo'} title={t('invite.results', { invited, total: results.length })} data-testid="invite-results">
            <Stack gap={4}>
              {results.map((r) => (
                <Group key={r.email} gap="xs" wrap="nowrap" data-testid={`invite-result-${r.email}`}>
                  <Badge color={r.status === 'invited' ? 'teal' : 'red'} variant="dot" miw={90}>
                    {t(`invite.status.${r.status}`)}
                  </Badge>
                  <Text size="sm">{r.email}</Text>
                  {r.error_code ? (
                    <Text size="sm" fw={500}>
                      {rowErrorText(t, i18n.language, { error: r.error_code, field: r.error_field }, fields)}
                    </Text>
                  ) : null}
                </Group>
              ))}
            </Stack>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {t('invite.description')}
          </Text>
        )}
        {rows.length > 0 ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="xs">
              {rows.map((r, i) => (
                <Group key={r.key} align="flex-start" gap="xs" wrap={signup.length > 1 ? 'wrap' : 'nowrap'} data-testid={`invite-row-${i}`}>
                  <TextInput flex={1} label={i === 0 ? t('invite.name') : undefined} aria-label={t('invite.name')} maxLength={100} withAsterisk={i === 0} data-testid={`invite-name-${i}`} {...form.getInputProps(`rows.${i}.name`)} />
                  <TextInput flex={1.4} label={i === 0 ? t('invite.email') : undefined} aria-label={t('invite.email')} type="email" withAsterisk={i === 0} data-testid={`invite-email-${i}`} {...form.getInputProps(`rows.${i}.email`)} />
                  <NativeSelect
                    w={190}
                    label={i === 0 ? t('invite.group') : undefined}
                    aria-label={t('invite.group')}
                    data={[{ value: '', label: t('invite.defaultGroup') }, ...groupOptions]}
                    data-testid={`invite-group-${i}`}
                    {...form.getInputProps(`rows.${i}.group`)}
                  />
                  {signup.map((f) => (
                    <TextInput
                      key={f.id}
                      w={150}
                      label={i === 0 ? localizedName(f, i18n.language) : undefined}
                      aria-label={localizedName(f, i18n.language)}
                      inputMode={f.field_type === 'number' ? 'decimal' : undefined}
                      maxLength={1000}
                      data-testid={`invite-field-${f.id}-${i}`}
                      {...form.getInputProps(`rows.${i}.custom.${f.id}`)}
                      value={r.custom[String(f.id)] ?? ''}
                    />
                  ))}
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={i === 0 ? 25 : 0}
                    size={36}
                    aria-label={t('invite.removeRow')}
                    disabled={rows.length === 1}
                    onClick={() => form.removeListItem('rows', i)}
                    data-testid={`invite-remove-${i}`}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              <Group justify="space-between" mt="xs">
                <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem('rows', emptyRow())} disabled={rows.length >= MAX_ROWS} data-testid="invite-add-row">
                  {t('invite.addRow')}
                </Button>
                <Group gap="xs">
                  <Button variant="default" onClick={onClose}>
                    {t('cancel')}
                  </Button>
                  <Button type="submit" loading={invite.isPending} data-testid="invite-send">
                    {t('invite.send', { count: rows.length })}
                  </Button>
                </Group>
              </Group>
              {invite.isError ? (
                <Alert color="red" data-testid="invite-error">
                  {errorMessage(t, invite.error)}
                </Alert>
              ) : null}
            </Stack>
          </form>
        ) : (
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="invite-done">
              {t('invite.done')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
