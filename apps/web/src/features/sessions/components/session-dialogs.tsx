import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { dialogs } from '../../../components/dialogs';
import { confirm } from '../../../components/kit/confirm';

/** Delete confirmation (spec §2: a confirmation dialog before deleting a session). */
export function confirmDeleteSession(t: TFunction, title: string | null, onConfirm: () => void) {
  confirm({
    title: t('sessions:delete.title'),
    body: t('sessions:delete.body', { title: title || t('sessions:untitled') }),
    confirm: t('sessions:delete.confirm'),
    cancel: t('sessions:cancel'),
    testId: 'confirm-delete-session',
    onConfirm,
  });
}

function RenameForm({ t, initial, onSave, close }: { t: TFunction; initial: string; onSave: (title: string) => void; close: () => void }) {
  const [value, setValue] = useState(initial);
  const trimmed = value.trim();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!trimmed) return;
        onSave(trimmed);
        close();
      }}
    >
      <Stack>
        <TextInput data-autofocus label={t('sessions:rename.label')} value={value} maxLength={200} onChange={(e) => setValue(e.currentTarget.value)} data-testid="rename-session-input" />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
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
  dialogs.open({ title: t('sessions:rename.title'), render: (close) => <RenameForm t={t} initial={current ?? ''} onSave={onSave} close={close} /> });
}
