import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { cn } from '../../../lib/cn.ts';

type ConfirmDeleteButtonProps = {
  /** The action ('Eliminar pregunta'): the dialog's confirm button and, with `target`, the name. */
  action: string;
  /** What goes, so the icon's name tells apart the many bins on the panel. */
  target: string;
  title: string;
  description: string;
  disabled: boolean;
  onConfirm: () => void;
  className?: string;
};

/**
 * A quiet bin icon that deletes only after a dialog says what will be lost (design brief:
 * destructive actions are secondary and always confirmed).
 */
export function ConfirmDeleteButton({
  action,
  target,
  title,
  description,
  disabled,
  onConfirm,
  className,
}: ConfirmDeleteButtonProps) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className={cn('size-9 shrink-0 text-muted-foreground hover:text-destructive', className)}
          aria-label={`${action}: ${target}`}
          disabled={disabled}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={action}
      onConfirm={onConfirm}
    />
  );
}
