import Button, { type ButtonProps } from '@mui/material/Button';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The form's submit button: "Kaydet" unless told otherwise, spinning while the form submits. */
export const SubmitButton = ({ children, ...props }: Omit<ButtonProps, 'type' | 'loading'>) => {
  const { t } = useTranslation();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" loading={isSubmitting} {...props}>
      {children ?? t('common:actions.save')}
    </Button>
  );
};
