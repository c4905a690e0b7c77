import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/** A row's edit and delete buttons, each named for screen readers. */
export function RowActions(p: { editLabel: string; deleteLabel: string; onEdit: () => void; onDelete: () => void; editTestId?: string; deleteTestId?: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={p.editLabel} onClick={p.onEdit} data-testid={p.editTestId}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={p.deleteLabel} onClick={p.onDelete} data-testid={p.deleteTestId}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
