import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import type { TFunction } from 'i18next';

/** Delete confirmation (spec §2: a confirmation dialog before deleting a session). */
export function confirmDeleteSession(t: TFunction, title: string | null, onConfirm: () => void) {
  modals.openConfirmModal({
    title: t('sessions:delete.title'),
    children: <Text size="sm">{t('sessions:delete.body', { title: title || t('sessions:untitled') })}</Text>,
    labels: { confirm: t('sessions:delete.confirm'), cancel: t('sessions:cancel') },
    confirmProps: { color: 'red', 'data-testid': 'confirm-delete-session' } as Record<string, string>,
    onConfirm,
  });
}

function RenameForm({ t, initial, onSave }: { t: TFunction; initial: string; onSave: (title: string) => void }) {
  const [value, setValue] = useState(initial);
  const trimmed = value.trim();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!trimmed) return;
        onSave(trimmed);
        modals.closeAll();
      }}
    >
      <Stack>
        <TextInput data-autofocus label={t('sessions:rename.label')} value={value} maxLength={200} onChange={(e) => setValue(e.currentTarget.value)} data-testid="rename-session-input" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.closeAll()}>
            {t('sessions:cancel')}
          </Button>
          <Button type="submit" disabled={!trimmed || trimmed === initial} data-testid="rename-session-save">
            {t('sessions:rename.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function openRenameSession(t: TFunction, current: string | null, onSave: (title: string) => void) {
  modals.open({ title: t('sessions:rename.title'), children: <RenameForm t={t} initial={current ?? ''} onSave={onSave} /> });
}
