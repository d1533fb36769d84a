import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

export type ConfirmOptions = {
  title: ReactNode;
  content?: ReactNode;
  /** Already translated; defaults to "Sil" for a destructive question, else "Onayla". */
  confirmText?: string;
  cancelText?: string;
  /** Paints the confirm button red: the action deletes or cannot be undone. */
  destructive?: boolean;
};

export type ConfirmDialogProps = ConfirmOptions & {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs (e.g. `mutation.isPending`): buttons disabled, dialog kept open. */
  loading?: boolean;
};

export const ConfirmDialog = ({
  open,
  title,
  content,
  confirmText,
  cancelText,
  destructive = false,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onCancel}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {content && (
        <DialogContent>
          {typeof content === 'string' ? <DialogContentText>{content}</DialogContentText> : content}
        </DialogContent>
      )}
      <DialogActions>
        {/* A destructive question starts on the safe answer: Enter alone must not delete or lose work. */}
        <Button onClick={onCancel} disabled={loading} color="inherit" autoFocus={destructive}>
          {cancelText ?? t('common:actions.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          loading={loading}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          autoFocus={!destructive}
        >
          {confirmText ?? t(destructive ? 'common:actions.delete' : 'common:actions.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
