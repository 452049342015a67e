import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { es } from '../../i18n/es.ts';
import { Button } from './button.tsx';

type ConfirmDialogProps = {
  /** The element that opens the dialog (rendered as the trigger via asChild). */
  trigger: ReactNode;
  title: string;
  /** Says what will be lost, or what will happen. */
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** 'default' for a confirmation that loses nothing (e.g. opening a poll with no questions). */
  confirmVariant?: 'destructive' | 'default';
  /** Where focus goes on close, when the trigger may be gone (call preventDefault to move it). */
  onCloseAutoFocus?: (event: Event) => void;
};

export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  confirmVariant = 'destructive',
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-card p-6 shadow-lg"
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            {description}
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{es.common.cancel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant={confirmVariant} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
