import { zodResolver } from '@hookform/resolvers/zod';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { ReturnTo } from '../../app/guards/AuthGuard';
import { isApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/document-title/use-document-title';
import { type LoginValues, loginSchema } from './login-schema';

/** `validation.required` → `validation:required`, the shared catalogue's namespaced key. */
const validationKey = (message: string | undefined) => message?.replace(/^validation\./, 'validation:');

/** `leaveAfterSignIn`: go on by itself after signing in, where no guest guard does it (login-unprotected). */
export default function LoginPage({ leaveAfterSignIn = false }: { leaveAfterSignIn?: boolean }) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  useDocumentTitle(t('login.title'));
  const { login } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const returnTo = (useLocation().state as ReturnTo | null)?.from;
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { admin_email: '', admin_password: '', remember: true },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login(values);
      enqueueSnackbar(t('login.success'), { variant: 'success' });
      if (leaveAfterSignIn) {
        navigate(returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/', { replace: true });
      }
    } catch (error) {
      // Spec §8: the server's message as it came, else the generic one.
      setFailure(isApiError(error) ? error.message : t('errors:INTERNAL_ERROR'));
    }
  });

  const errorText = (message: string | undefined) => {
    const key = validationKey(message);
    return key ? t(key) : undefined;
  };

  return (
    <Stack spacing={4}>
      <Stack spacing={1}>
        <Typography variant="h3" component="h1">
          {t('login.title')}
        </Typography>
        <Typography color="text.secondary">{t('login.subtitle')}</Typography>
      </Stack>

      <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
        {failure && (
          <Alert severity="error" onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <Controller
          control={control}
          name="admin_email"
          render={({ field }) => (
            <TextField
              {...field}
              type="email"
              label={t('login.email')}
              autoComplete="username"
              autoFocus
              fullWidth
              error={!!errors.admin_email}
              helperText={errorText(errors.admin_email?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="admin_password"
          render={({ field }) => (
            <TextField
              {...field}
              type={showPassword ? 'text' : 'password'}
              label={t('login.password')}
              autoComplete="current-password"
              fullWidth
              error={!!errors.admin_password}
              helperText={errorText(errors.admin_password?.message)}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        edge="end"
                        aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                        onClick={() => setShowPassword((shown) => !shown)}
                      >
                        {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
          )}
        />
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Controller
            control={control}
            name="remember"
            render={({ field: { value, onChange, ...field } }) => (
              <FormControlLabel
                control={
                  <Checkbox {...field} checked={value} onChange={(event) => onChange(event.target.checked)} />
                }
                label={t('login.remember')}
              />
            )}
          />
          <Link component={RouterLink} to="/auth/forget-password" variant="body2" underline="hover">
            {t('login.forgotPassword')}
          </Link>
        </Stack>
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {t('login.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
