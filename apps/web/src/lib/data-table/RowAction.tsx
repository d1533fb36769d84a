import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/** The name of the row whose actions are rendered (DataTable's `rowName`). */
export const RowNameContext = createContext<string | undefined>(undefined);

type RowActionProps = {
  /** Already translated: the tooltip, and with the row's name the accessible name ("Sil: Hafta Sonu Standı"). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: IconButtonProps['color'];
  disabled?: boolean;
};

/**
 * An icon button of a table row with its action as tooltip. Screen readers hear which row it acts
 * on, since they may reach it without passing the row's other cells.
 */
export const RowAction = ({ label, icon, onClick, color, disabled }: RowActionProps) => {
  const { t } = useTranslation();
  const row = useContext(RowNameContext);
  return (
    // describeChild: the tooltip describes, it does not name the span (the button has its name).
    <Tooltip title={label} describeChild>
      {/* The span keeps the tooltip working on a disabled button. */}
      <span>
        <IconButton
          aria-label={row ? t('table:actionOn', { action: label, row }) : label}
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
};

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
