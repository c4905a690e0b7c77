import type { Category } from '@app/contracts/categories';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useSaveCategory } from '../api/save-category';
import { CATEGORY_NAME_MAX, categoryNameError } from '../lib/category-form';

/** Add a category, or rename one in both languages. */
export function CategoryFormModal({ editing, onClose }: { editing: Category | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('chatbot-publishing');
  const save = useSaveCategory();
  const form = useForm({
    initialValues: { ko_name: editing?.ko_name ?? '', en_name: editing?.en_name ?? '' },
    validateInputOnBlur: true,
    validate: {
      ko_name: (v) => (categoryNameError(v) ? t(`categories.errors.${categoryNameError(v)}`, { max: CATEGORY_NAME_MAX }) : null),
      en_name: (v) => (categoryNameError(v) ? t(`categories.errors.${categoryNameError(v)}`, { max: CATEGORY_NAME_MAX }) : null),
    },
  });

  const submit = form.onSubmit((v) =>
    save.mutate(
      { id: editing?.id, body: { ko_name: v.ko_name.trim(), en_name: v.en_name.trim() } },
      {
        onSuccess: (c) => {
          notifications.show({ color: 'green', message: t(editing ? 'categories.toast.renamed' : 'categories.toast.created', { name: localizedName(c, i18n.language) }) });
          onClose();
        },
        onError: (err) => notifications.show({ color: 'red', title: t(editing ? 'categories.toast.renameFailed' : 'categories.toast.createFailed'), message: errorMessage(t, err) }),
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={t(editing ? 'categories.renameTitle' : 'categories.addTitle')} centered closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="category-form">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('categories.koName')} withAsterisk maxLength={CATEGORY_NAME_MAX} data-testid="category-ko-name" {...form.getInputProps('ko_name')} />
          <TextInput label={t('categories.enName')} withAsterisk maxLength={CATEGORY_NAME_MAX} data-testid="category-en-name" {...form.getInputProps('en_name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="category-save">
              {t('categories.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
