import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { messages } from '../forms/validation.ts';
import { TypedConfirmModal } from './TypedConfirmModal.tsx';

interface ConfirmDeleteModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The typed confirmation for deleting (analytics spec §2, §5): "yes" in any case deletes; anything
 * else, or closing, cancels with 'Deletion cancelled.'.
 */
export function ConfirmDeleteModal({ onConfirm, onClose, ...rest }: ConfirmDeleteModalProps) {
  return (
    <TypedConfirmModal
      {...rest}
      words="yes"
      matches={(typed) => typed.trim().toLowerCase() === 'yes'}
      confirmLabel="Delete"
      hint="Anything other than yes cancels the deletion."
      onConfirm={() => onConfirm()}
      onCancel={() => {
        notifications.show({ message: messages.deletionCancelled });
        onClose();
      }}
    />
  );
}
