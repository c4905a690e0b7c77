import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

export default function DialogModal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal opened onClose={onClose} title={title} centered data-testid="dialog">
      {children}
    </Modal>
  );
}
