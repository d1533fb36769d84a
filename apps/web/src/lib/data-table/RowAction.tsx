import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type RowActionProps = {
  /** Already translated; it is both the tooltip and the button's accessible name. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: IconButtonProps['color'];
  disabled?: boolean;
};

/** An icon button of a table row with its name as tooltip. */
export const RowAction = ({ label, icon, onClick, color, disabled }: RowActionProps) => (
  <Tooltip title={label}>
    {/* The span keeps the tooltip working on a disabled button. */}
    <span>
      <IconButton
        aria-label={label}
        size="small"
        color={color}
        disabled={disabled}
        onClick={(event) => {
          // A click on an action must not also select or open the row.
          event.stopPropagation();
          onClick();
        }}
      >
        {icon}
      </IconButton>
    </span>
  </Tooltip>
);

type PresetProps = Omit<RowActionProps, 'label' | 'icon'> & { label?: string };

export const EditAction = ({ label, ...props }: PresetProps) => {
  const { t } = useTranslation();
  return (
    <RowAction label={label ?? t('table:edit')} icon={<EditOutlinedIcon fontSize="small" />} {...props} />
  );
};

export const ViewAction = ({ label, ...props }: PresetProps) => {
  const { t } = useTranslation();
  return (
    <RowAction
      label={label ?? t('table:view')}
      icon={<VisibilityOutlinedIcon fontSize="small" />}
      {...props}
    />
  );
};

export const DeleteAction = ({ label, ...props }: PresetProps) => {
  const { t } = useTranslation();
  return (
    <RowAction
      label={label ?? t('table:delete')}
      icon={<DeleteOutlineIcon fontSize="small" />}
      color="error"
      {...props}
    />
  );
};
