import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './ui/alert-dialog.tsx';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** More to say below the question, e.g. what is kept. */
  children?: ReactNode;
  cancelLabel: string;
  actionLabel: string;
  pending: boolean;
  onConfirm: () => void;
  className?: string;
}

/**
 * The question asked before something is removed. It stays open until the server has answered (the caller closes
 * it on success), so a failure is seen next to the question rather than after it has gone.
 */
export function ConfirmRemovalDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  cancelLabel,
  actionLabel,
  pending,
  onConfirm,
  className,
}: Props) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent className={className}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            destructive
            disabled={pending}
            onClick={(event) => {
              event.preventDefault();
              onConfirm();
            }}
          >
            {actionLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
