import AddIcon from '@mui/icons-material/Add';
import ContactMailOutlinedIcon from '@mui/icons-material/ContactMailOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import WebAssetOutlinedIcon from '@mui/icons-material/WebAssetOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { usePermissions } from '../../lib/permissions';
import './texts';
import { visuallyHidden } from '../../lib/a11y/visually-hidden';

const areas: { key: string; path: string; icon: ReactNode; create?: false }[] = [
  { key: 'push', path: '/marketing/push-notifications', icon: <NotificationsActiveOutlinedIcon /> },
  { key: 'sms', path: '/marketing/sms-notifications', icon: <SmsOutlinedIcon /> },
  { key: 'email', path: '/marketing/email-notifications', icon: <EmailOutlinedIcon /> },
  {
    key: 'emailLists',
    path: '/marketing/email-external-list',
    icon: <ContactMailOutlinedIcon />,
    create: false,
  },
  { key: 'mobilePages', path: '/marketing/mobile-pages', icon: <WebAssetOutlinedIcon /> },
];

/** /marketing: the three kinds of notification and the mobile pages, as far as the role may open them. */
export function MarketingPage() {
  const { t } = useTranslation('marketing');
  const { canVisit } = usePermissions();
  const shown = areas.filter((area) => canVisit(area.path));
  return (
    <>
      <PageHeader title={t('title')} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {shown.map((area) => (
          <Card key={area.key} sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <Stack
                direction="row"
                spacing={1.5}
                sx={{ alignItems: 'center', mb: 1, color: 'primary.main' }}
              >
                {area.icon}
                <Typography variant="h6" component="h2" color="text.primary">
                  {t(`landing.${area.key}.title`)}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {t(`landing.${area.key}.text`)}
              </Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button component={RouterLink} to={area.path}>
                {t('landing.open')}
                <Box component="span" sx={visuallyHidden}>
                  {`: ${t(`landing.${area.key}.title`)}`}
                </Box>
              </Button>
              {area.create !== false && (
                <Button component={RouterLink} to={`${area.path}/new`} startIcon={<AddIcon />}>
                  {t('landing.new')}
                  <Box component="span" sx={visuallyHidden}>
                    {`: ${t(`landing.${area.key}.title`)}`}
                  </Box>
                </Button>
              )}
            </CardActions>
          </Card>
        ))}
      </Box>
    </>
  );
}
