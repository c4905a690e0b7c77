import type { Policy } from '@app/contracts/sign-up-settings';
import { Input, SegmentedControl, SimpleGrid, Switch, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/kit/form-modal';
import { useMutationWithToast } from '../../../components/kit/use-mutation-with-toast';
import { Markdown } from '../../../components/markdown/markdown';
import { useSavePolicy } from '../api/save-policy';

interface Values {
  ko_name: string;
  en_name: string;
  kind: Policy['kind'];
  content: string;
  url: string;
  is_mandatory: boolean;
}

const DEFAULTS: Values = { ko_name: '', en_name: '', kind: 'text', content: '', url: '', is_mandatory: true };

const isUrl = (v: string) => {
  try {
    const u = new URL(v.trim());
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};

/** A policy: text to read to the bottom (markdown), a video to watch, or a linked document. */
export function PolicyFormModal({ editing, onClose }: { editing: Policy | null; onClose: () => void }) {
  const { t } = useTranslation('policies');
  const save = useMutationWithToast(useSavePolicy(), { success: t(editing ? 'toast.updated' : 'toast.created'), error: t('toast.saveFailed') });
  const name = (v: string) => (v.trim().length >= 1 && v.trim().length <= 100 ? null : t('form.nameRequired'));
  const form = useForm<Values>({
    initialValues: editing
      ? { ko_name: editing.ko_name, en_name: editing.en_name, kind: editing.kind, content: editing.content, url: editing.url ?? '', is_mandatory: editing.is_mandatory }
      : DEFAULTS,
    validateInputOnBlur: true,
    validate: {
      ko_name: name,
      en_name: name,
      content: (v, all) => (all.kind === 'text' && !v.trim() ? t('form.contentRequired') : null),
      url: (v, all) => (all.kind !== 'text' && !isUrl(v) ? t('form.urlRequired') : null),
    },
  });
  const kind = form.values.kind;

  const submit = (v: Values) =>
    save.runAsync({
      id: editing?.id ?? null,
      body: {
        ko_name: v.ko_name.trim(),
        en_name: v.en_name.trim(),
        kind: v.kind,
        content: v.kind === 'text' ? v.content.trim() : '',
        url: v.kind === 'text' ? null : v.url.trim(),
        is_mandatory: v.is_mandatory,
      },
    });

  return (
    <FormModal
      title={t(editing ? 'form.editTitle' : 'form.createTitle')}
      testId="policy-form"
      size="lg"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      submitTestId="policy-save"
      submitDisabled={!form.isDirty()}
    >
      <SimpleGrid cols={2}>
        <TextInput label={t('form.koName')} withAsterisk maxLength={100} data-testid="policy-ko-name" {...form.getInputProps('ko_name')} />
        <TextInput label={t('form.enName')} withAsterisk maxLength={100} data-testid="policy-en-name" {...form.getInputProps('en_name')} />
      </SimpleGrid>
      <Input.Wrapper label={t('form.kind')} description={t(`kindHint.${kind}`)}>
        <SegmentedControl
          display="flex"
          mt={4}
          data={(['text', 'video', 'link'] as const).map((v) => ({ value: v, label: t(`kind.${v}`) }))}
          data-testid="policy-kind"
          {...form.getInputProps('kind')}
        />
      </Input.Wrapper>
      {kind === 'text' ? (
        <Tabs defaultValue="write">
          <Tabs.List>
            <Tabs.Tab value="write">{t('form.write')}</Tabs.Tab>
            <Tabs.Tab value="preview">{t('form.preview')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="write" pt="xs">
            <Textarea label={t('form.content')} description={t('form.contentHint')} withAsterisk autosize minRows={6} maxRows={14} data-testid="policy-content-input" {...form.getInputProps('content')} />
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="xs" mih={150}>
            {form.values.content.trim() ? <Markdown text={form.values.content} /> : <Text c="dimmed">{t('form.nothingToPreview')}</Text>}
          </Tabs.Panel>
        </Tabs>
      ) : (
        <TextInput label={t(kind === 'video' ? 'form.videoUrl' : 'form.linkUrl')} placeholder="https://" withAsterisk type="url" data-testid="policy-url" {...form.getInputProps('url')} />
      )}
      <Switch label={t('form.mandatory')} description={t('form.mandatoryHint')} data-testid="policy-mandatory" {...form.getInputProps('is_mandatory', { type: 'checkbox' })} />
    </FormModal>
  );
}
