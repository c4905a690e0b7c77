import { type Announcement, type AnnouncementLocation, createAnnouncementBody } from '@app/contracts/announcements';
import { Alert, Radio, Stack, Switch, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/kit/form-modal';
import { useMutationWithToast } from '../../../components/kit/use-mutation-with-toast';
import { contractValidate } from '../../../lib/form-schema';
import { Markdown } from '../../../components/markdown/markdown';
import { useSaveAnnouncement } from '../api/save-announcement';

interface FormValues {
  title: string;
  content: string;
  location: AnnouncementLocation | '';
  is_active: boolean;
}

const VALIDATION_CODES = ['announcement_title_required', 'announcement_content_required', 'announcement_location_required'];

/** Spec §5 create defaults: empty title and content, location auth, active on. */
const DEFAULTS: FormValues = { title: '', content: '', location: 'auth', is_active: true };

export function AnnouncementFormModal({ editing, onClose }: { editing: Announcement | null; onClose: () => void }) {
  const { t } = useTranslation('announcements');
  const save = useMutationWithToast(useSaveAnnouncement(), { success: t(editing ? 'toast.updated' : 'toast.created'), error: t(editing ? 'toast.updateFailed' : 'toast.createFailed') });
  const form = useForm<FormValues>({
    initialValues: editing ? { title: editing.title, content: editing.content, location: editing.location, is_active: editing.is_active } : DEFAULTS,
    // Errors appear once a field was touched (blur) or on a submit attempt (spec §5).
    validateInputOnBlur: true,
    // The contract's messages are the API's error codes; anything else is a generic hint.
    validate: contractValidate(createAnnouncementBody, (code) => t(`validation.${VALIDATION_CODES.includes(code) ? code : 'validation_error'}`)),
  });

  const submit = (values: FormValues) =>
    save.runAsync({ id: editing?.id ?? null, body: { ...values, title: values.title.trim(), content: values.content.trim(), location: values.location as AnnouncementLocation } });

  return (
    <FormModal
      title={t(editing ? 'form.editTitle' : 'form.createTitle')}
      testId="announcement-form"
      size="lg"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      submitTestId="announcement-save"
      submitDisabled={!form.isDirty()}
    >
      <TextInput label={t('form.title')} withAsterisk maxLength={200} data-testid="announcement-title" {...form.getInputProps('title')} />
      <Tabs defaultValue="write">
        <Tabs.List>
          <Tabs.Tab value="write">{t('form.write')}</Tabs.Tab>
          <Tabs.Tab value="preview" data-testid="announcement-preview-tab">
            {t('form.preview')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt="xs">
          <Textarea
            label={t('form.content')}
            description={t('form.contentHint')}
            withAsterisk
            autosize
            minRows={6}
            maxRows={14}
            data-testid="announcement-content"
            {...form.getInputProps('content')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="xs" mih={150}>
          {form.values.content.trim() ? <Markdown text={form.values.content} /> : <Text c="dimmed">{t('form.nothingToPreview')}</Text>}
        </Tabs.Panel>
      </Tabs>
      <Radio.Group label={t('form.location')} withAsterisk {...form.getInputProps('location')}>
        <Stack gap="xs" mt="xs">
          <Radio value="auth" label={t('location.auth')} description={t('location.authDescription')} data-testid="announcement-location-auth" />
          <Radio value="dashboard" label={t('location.dashboard')} description={t('location.dashboardDescription')} data-testid="announcement-location-dashboard" />
        </Stack>
      </Radio.Group>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />}>
        {t('form.warning')}
      </Alert>
      <Switch label={t('form.active')} data-testid="announcement-active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
    </FormModal>
  );
}
