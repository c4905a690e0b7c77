import type { AdminMember } from '@app/contracts/admin-members';
import type { CustomField, MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { Button, Checkbox, Divider, Group, Modal, NativeSelect, NumberInput, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomFieldInputs } from '../../../components/custom-field-inputs';
import { useAdminCustomFields } from '../../../entities/custom-fields';
import { customFieldErrors } from '../../../lib/custom-fields';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useUpdateAdminMember } from '../api/update-admin-member';
import { patchErrors } from '../hooks/use-member-actions';
import { changedFields, groupChoices, initialEditValues, isCreditLimit, MAX_CREDITS, memberPatch, sameSet, type MemberEditValues } from '../lib/member-edit';

/**
 * Edits a member as an administrator: name, default group (one of the default groups), additional
 * groups, every custom field and a monthly credit limit that overrides the group's (or the group's
 * quota again). Only what changed is sent.
 */
export function MemberEditModal({ member, groups, onClose }: { member: AdminMember; groups: MemberGroupSummary[]; onClose: () => void }) {
  const { t } = useTranslation('admin-members');
  const fields = useAdminCustomFields();
  return (
    <Modal opened onClose={onClose} title={t('edit.title')} size="lg" centered closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="member-edit-modal">
      {fields.isPending ? (
        <Stack>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : (
        <MemberEditForm member={member} groups={groups} fields={fields.data?.items ?? []} onClose={onClose} />
      )}
    </Modal>
  );
}

interface FormProps {
  member: AdminMember;
  groups: MemberGroupSummary[];
  fields: CustomField[];
  onClose: () => void;
}

function MemberEditForm({ member, groups, fields, onClose }: FormProps) {
  const { t, i18n } = useTranslation('admin-members');
  const update = useUpdateAdminMember();
  const { defaults, extras } = groupChoices(member, groups);
  // Once: the form keeps its own copy.
  const [initial] = useState(() => initialEditValues(member, fields));

  const form = useForm<MemberEditValues>({
    initialValues: initial,
    validateInputOnBlur: true,
    validate: (v) => ({
      name: v.name.trim().length >= 1 && v.name.trim().length <= 100 ? null : t('edit.validation.name'),
      defaultGroup: v.defaultGroup || (sameSet(v.extraGroups, initial.extraGroups) && !initial.defaultGroup) ? null : t('edit.validation.group'),
      creditLimit: v.useGroupQuota || isCreditLimit(v.creditLimit) ? null : t('edit.validation.credits'),
      // Only the fields being changed: a member may lack a field that became required after they joined.
      ...customFieldErrors(changedFields(fields, initial, v), v.custom_fields, (p) => t(`edit.validation.field.${p}`)),
    }),
  });

  const submit = form.onSubmit((v) => {
    const body = memberPatch(member, fields, initial, v);
    if (Object.keys(body).length === 0) return onClose();
    update.mutate(
      { id: member.id, body },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('toast.saved', { name: saved.name }) });
          onClose();
        },
        onError: (err) => notifications.show({ color: 'red', title: t('toast.saveFailed'), message: errorMessage(t, err, patchErrors) }),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('edit.email')} value={member.email} readOnly variant="filled" />
          <TextInput label={t('edit.name')} maxLength={100} withAsterisk data-testid="member-edit-name" {...form.getInputProps('name')} />
          {member.sso_id ? <TextInput label={t('edit.ssoId')} value={member.sso_id} readOnly variant="filled" data-testid="member-edit-sso-id" /> : null}
        </SimpleGrid>
        <NativeSelect
          label={t('edit.defaultGroup')}
          description={t('edit.defaultGroupHint')}
          withAsterisk
          data={[...(initial.defaultGroup ? [] : [{ value: '', label: t('edit.chooseGroup') }]), ...defaults.map((g) => ({ value: String(g.id), label: localizedName(g, i18n.language) }))]}
          data-testid="member-edit-default-group"
          {...form.getInputProps('defaultGroup')}
        />
        <Checkbox.Group label={t('edit.additionalGroups')} data-testid="member-edit-groups" {...form.getInputProps('extraGroups')}>
          {extras.length === 0 ? (
            <Text size="sm" c="dimmed" mt={4}>
              {t('edit.noAdditionalGroups')}
            </Text>
          ) : (
            <Group gap="md" mt={6}>
              {extras.map((g) => (
                <Checkbox key={g.id} value={String(g.id)} label={localizedName(g, i18n.language)} data-testid={`member-edit-group-${g.id}`} />
              ))}
            </Group>
          )}
        </Checkbox.Group>
        {fields.length > 0 ? (
          <>
            <Divider label={t('edit.customFields')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <CustomFieldInputs fields={fields} inputProps={(id) => form.getInputProps(`custom_fields.${id}`)} />
            </SimpleGrid>
          </>
        ) : null}
        <Divider label={t('edit.creditsSection')} labelPosition="left" />
        <Stack gap="xs">
          <Checkbox
            label={t('edit.useGroupQuota')}
            data-testid="member-edit-use-group-quota"
            {...form.getInputProps('useGroupQuota', { type: 'checkbox' })}
          />
          <NumberInput
            label={t('edit.creditLimit')}
            description={t('edit.creditLimitHint')}
            min={0}
            max={MAX_CREDITS}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            hideControls
            disabled={form.values.useGroupQuota}
            data-testid="member-edit-credit-limit"
            {...form.getInputProps('creditLimit')}
          />
        </Stack>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} data-testid="member-edit-save">
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
