import { type ApiKey, API_KEY_LIMITS, type CreatedApiKey } from '@app/contracts/apikeys';
import { Alert, Button, Group, Modal, MultiSelect, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateApiKey } from '../api/create-api-key';
import { useUpdateApiKey } from '../api/update-api-key';
import { EXPIRY_PRESETS, type ExpiryPreset, firstCustomDay } from '../lib/expiry';
import { keyErrorMessage } from '../lib/key-errors';
import { createBody, type FormErrors, keyFormValues, type KeyFormValues, NEW_KEY, updateBody } from '../lib/key-form';

interface Props {
  /** null: a new key. */
  editing: ApiKey | null;
  /** The chatbots a key may be limited to, as MultiSelect options. */
  chatbots: Array<{ value: string; label: string }>;
  onClose: () => void;
  /** A new key was made: its secret is in it, to show once. */
  onCreated: (k: CreatedApiKey) => void;
}

/** Create a key (name, expiry, chatbots) or rename one and change its chatbots (the expiry is set once). */
export function KeyFormModal({ editing, chatbots, onClose, onCreated }: Props) {
  const { t } = useTranslation('developers');
  const create = useCreateApiKey();
  const update = useUpdateApiKey();
  const [failure, setFailure] = useState<string | null>(null);
  const [today] = useState(() => new Date());
  const translate = (errors: FormErrors) => Object.fromEntries(Object.entries(errors).map(([field, e]) => [field, t(e.key, e.values ?? {})]));
  const form = useForm<KeyFormValues>({
    initialValues: editing ? keyFormValues(editing) : NEW_KEY,
    validateInputOnBlur: true,
    validate: (v) => translate((editing ? updateBody(v, editing) : createBody(v, new Date())).errors ?? {}),
  });

  const submit = form.onSubmit((v) => {
    setFailure(null);
    const onError = (err: unknown) => setFailure(keyErrorMessage(t, err));
    if (editing) {
      const { body } = updateBody(v, editing);
      if (!body) return;
      update.mutate(
        { id: editing.id, body },
        {
          onSuccess: (k) => {
            notifications.show({ color: 'green', message: t('edit.saved', { name: k.name }) });
            onClose();
          },
          onError,
        },
      );
      return;
    }
    const { body } = createBody(v, new Date());
    if (!body) return;
    create.mutate(body, { onSuccess: onCreated, onError });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(editing ? 'edit.title' : 'create.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
      data-testid="api-key-form"
    >
      {/* Mantine's error red (red 6) is 3.3:1 on white; its darkest shade reads at AA (axe) in the message and the input. */}
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure ? (
            <Alert color="red" data-testid="api-key-form-error">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label={t('form.name')}
            description={t('form.nameHint')}
            withAsterisk
            maxLength={API_KEY_LIMITS.nameMax}
            data-autofocus
            data-testid="api-key-name"
            {...form.getInputProps('name')}
          />
          {editing ? (
            <Text size="sm" c="dimmed">
              {t('form.expiryFixed')}
            </Text>
          ) : (
            <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
              <NativeSelect
                label={t('form.expiry')}
                data={EXPIRY_PRESETS.map((p) => ({ value: p, label: t(`form.expiryPresets.${p}`) }))}
                data-testid="api-key-expiry"
                miw={200}
                {...form.getInputProps('expiry')}
                onChange={(e) => form.setFieldValue('expiry', e.currentTarget.value as ExpiryPreset)}
              />
              {form.values.expiry === 'custom' ? (
                <TextInput type="date" label={t('form.expiryDay')} withAsterisk min={firstCustomDay(today)} miw={200} data-testid="api-key-expiry-day" {...form.getInputProps('customDay')} />
              ) : null}
            </Group>
          )}
          <MultiSelect
            label={t('form.chatbots')}
            description={t('form.chatbotsHint')}
            placeholder={form.values.chatbot_ids.length ? undefined : t('chatbots.all')}
            data={chatbots}
            searchable
            clearable
            hidePickedOptions
            maxValues={API_KEY_LIMITS.chatbotsMax}
            nothingFoundMessage={t('form.noChatbot')}
            comboboxProps={{ withinPortal: true }}
            data-testid="api-key-chatbots"
            {...form.getInputProps('chatbot_ids')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={editing !== null && !form.isDirty()} loading={create.isPending || update.isPending} data-testid="api-key-save">
              {t(editing ? 'edit.save' : 'create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
