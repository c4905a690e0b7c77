import type { MemberGroup } from '@app/contracts/member-groups';
import { Alert, Button, Fieldset, Group, Modal, NumberInput, Radio, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useCreateMemberGroup } from '../api/create-member-group';
import { useUpdateMemberGroup } from '../api/update-member-group';
import { groupErrorOverrides } from '../lib/group-errors';
import { createBody, fieldOfGroupError, groupFormErrors, groupFormValues, type GroupFormValues, NEW_GROUP, patchBody } from '../lib/group-form';

const MAX_CREDITS = 1_000_000_000;

/** Create a group, or rename one and change its quotas (a default group's credits stay as they are, spec §5). */
export function GroupFormModal({ editing, onClose }: { editing: MemberGroup | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('member-groups');
  const create = useCreateMemberGroup();
  const update = useUpdateMemberGroup();
  const locked = editing?.is_default ?? false;
  const form = useForm<GroupFormValues>({
    initialValues: editing ? groupFormValues(editing) : NEW_GROUP,
    // Errors show once a field was left or on a submit attempt (spec §5), from the contract's rules.
    validateInputOnBlur: true,
    validate: (v) => Object.fromEntries(Object.entries(groupFormErrors(v, editing)).map(([field, key]) => [field, t(key)])),
  });

  const failed = (err: unknown) => {
    // A taken name is said on its field too (which of the two, spec §5).
    const field = err instanceof ApiError ? fieldOfGroupError(err.code) : null;
    if (field) form.setFieldError(field, t(`form.errors.${field}Taken`));
    notifications.show({ color: 'red', title: t(editing ? 'toast.updateFailed' : 'toast.createFailed'), message: errorMessage(t, err, groupErrorOverrides(err, { creating: !editing })) });
  };

  const submit = form.onSubmit((v) => {
    if (editing) {
      update.mutate(
        { id: editing.id, body: patchBody(v, editing) },
        {
          onSuccess: (g) => {
            notifications.show({ color: 'green', message: t('toast.updated', { name: localizedName(g, i18n.language) }) });
            onClose();
          },
          onError: (err) => failed(err),
        },
      );
    } else {
      create.mutate(createBody(v), {
        onSuccess: (g) => {
          notifications.show({ color: 'green', message: t('toast.created', { name: localizedName(g, i18n.language) }) });
          onClose();
        },
        onError: (err) => failed(err),
      });
    }
  });

  const credits = (field: 'credit_quota' | 'member_credit_quota') => ({
    min: 0,
    max: MAX_CREDITS,
    allowDecimal: false,
    allowNegative: false,
    thousandSeparator: ',',
    ...form.getInputProps(field),
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(editing ? 'form.editTitle' : 'form.createTitle')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
      data-testid="group-form"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label={t('form.koName')} withAsterisk maxLength={100} data-testid="group-ko-name" {...form.getInputProps('ko_name')} />
            <TextInput label={t('form.enName')} withAsterisk maxLength={100} data-testid="group-en-name" {...form.getInputProps('en_name')} />
          </SimpleGrid>
          {editing ? (
            <Text size="sm">
              {t('form.kind')}: <b>{t(editing.is_default ? 'kind.default' : 'kind.additional')}</b>
            </Text>
          ) : (
            <Radio.Group
              label={t('form.kind')}
              value={form.values.is_default ? 'default' : 'additional'}
              onChange={(v) => form.setFieldValue('is_default', v === 'default')}
              data-testid="group-kind"
            >
              <Stack gap="xs" mt={6}>
                <Radio value="additional" label={t('kind.additional')} description={t('form.additionalHint')} data-testid="group-kind-additional" />
                <Radio value="default" label={t('kind.default')} description={t('form.defaultHint')} data-testid="group-kind-default" />
              </Stack>
            </Radio.Group>
          )}
          <Fieldset legend={t('form.credits')} variant="filled" disabled={locked}>
            <Stack gap="sm">
              {locked ? (
                <Alert color="gray" icon={<IconLock size={18} />} data-testid="group-credits-locked">
                  {t('defaultLocked.credits')}
                </Alert>
              ) : null}
              <NumberInput label={t('form.perMember')} description={t('form.perMemberHint')} withAsterisk suffix={` ${t('creditsUnit')}`} data-testid="group-member-quota" {...credits('member_credit_quota')} />
              <Switch
                label={t('form.hasPool')}
                description={t('form.poolHint')}
                data-testid="group-has-pool"
                {...form.getInputProps('has_pool', { type: 'checkbox' })}
              />
              {form.values.has_pool ? <NumberInput label={t('form.pool')} withAsterisk suffix={` ${t('creditsUnit')}`} data-testid="group-pool" {...credits('credit_quota')} /> : null}
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!form.isDirty()} loading={create.isPending || update.isPending} data-testid="group-save">
              {t(editing ? 'save' : 'create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
