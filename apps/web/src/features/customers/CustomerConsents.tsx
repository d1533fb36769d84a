import { type ConsentEvent, type ConsentType, consentTypes } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { alpha } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-dialog';
import { useAuth } from '../../lib/auth';
import { formatDateTime } from '../../lib/i18n/dates';
import { consentIcons } from './ConsentIcons';
import { type CustomerProfile, consentState, useSetConsent, useStartOptIn } from './customers.resource';

/** Who made a consent change: the staff user by name ('Elif Yılmaz (Siz)' for oneself), else where it came from. */
const useActorOf = () => {
  const { t } = useTranslation('customers');
  const { admin } = useAuth();
  return ({ staff_admin_id: id, staff_name: name, source }: ConsentEvent) => {
    if (!id) return source === 'micro-site' ? t('consents.byCustomer') : t(`consents.sources.${source}`);
    if (id === admin?._id)
      return `${name ?? `${admin.admin_name} ${admin.admin_surname}`} (${t('consents.you')})`;
    return name ?? `${t('consents.staffMember')} · …${id.slice(-6)}`;
  };
};

/**
 * A consent's state for its card: given (since its approval date), withdrawn (when and by whom, from
 * the latest history entry), or never given.
 */
const cardState = (profile: CustomerProfile, type: ConsentType) => {
  const { value, date } = consentState(profile, type);
  if (value) return { state: 'granted', date } as const;
  // The history comes newest first.
  const last = profile.consent_history.find((event) => event.type === type);
  return last && !last.value ? ({ state: 'revoked', event: last } as const) : ({ state: 'never' } as const);
};

const chipColor = { granted: 'success', revoked: 'warning', never: 'default' } as const;

function ConsentCard({ profile, type }: { profile: CustomerProfile; type: ConsentType }) {
  const { t } = useTranslation('customers');
  const confirm = useConfirm();
  const setConsent = useSetConsent();
  const startOptIn = useStartOptIn();
  const actorOf = useActorOf();
  const current = cardState(profile, type);
  const value = current.state === 'granted';
  const Icon = consentIcons[type];
  const name = t(`consents.names.${type}`);
  const caption = () => {
    if (current.state === 'revoked')
      return t('consents.revokedAt', {
        date: formatDateTime(current.event.at),
        actor: actorOf(current.event),
      });
    if (current.state === 'never') return t('consents.neverApproved');
    return current.date && t('consents.approvedAt', { date: formatDateTime(current.date) });
  };

  const toggle = async () => {
    const next = !value;
    const ok = await confirm({
      title: t(next ? 'consents.grantTitle' : 'consents.revokeTitle', { name }),
      content: t(next ? 'consents.grantContent' : 'consents.revokeContent', {
        name: name.toLocaleLowerCase(),
      }),
      confirmText: t(next ? 'consents.grant' : 'consents.revoke'),
      destructive: !next,
    });
    if (ok) setConsent.mutate({ id: profile._id, type, value: next });
  };

  return (
    <Card
      variant="outlined"
      data-testid={`consent-${type}`}
      sx={{ p: 2, borderColor: value ? 'success.main' : undefined }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box
            sx={{
              display: 'inline-flex',
              p: 1,
              borderRadius: 1.5,
              color: value ? 'success.main' : 'text.secondary',
              bgcolor: (theme) =>
                alpha(value ? theme.palette.success.main : theme.palette.text.secondary, 0.1),
            }}
          >
            <Icon />
          </Box>
          <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 0 }}>
            {name}
          </Typography>
          <Switch
            checked={value}
            disabled={setConsent.isPending}
            onChange={toggle}
            slotProps={{ input: { 'aria-label': name } }}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Chip size="small" color={chipColor[current.state]} label={t(`consents.state.${current.state}`)} />
          <Typography variant="caption" color="text.secondary">
            {caption()}
          </Typography>
        </Stack>
        {(type === 'sms' || type === 'email') && !value && (
          <Button
            size="small"
            sx={{ alignSelf: 'flex-start' }}
            disabled={startOptIn.isPending}
            onClick={() => startOptIn.mutate({ id: profile._id, channel: type })}
          >
            {t('consents.sendOptIn')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function ConsentHistory({ events }: { events: ConsentEvent[] }) {
  const { t } = useTranslation('customers');
  const actorOf = useActorOf();
  const staff = (event: ConsentEvent) => (event.staff_admin_id ? actorOf(event) : t('none'));
  if (events.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('consents.historyEmpty')}
      </Typography>
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={t('consents.history')}>
        <TableHead>
          <TableRow>
            {(['type', 'value', 'at', 'source', 'staff', 'agreement_version'] as const).map((column) => (
              <TableCell key={column}>{t(`consents.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((event) => (
            <TableRow key={event._id} hover>
              <TableCell>{t(`consents.names.${event.type}`)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={event.value ? 'success' : 'error'}
                  label={t(event.value ? 'consents.actions.granted' : 'consents.actions.revoked')}
                />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.at)}</TableCell>
              <TableCell>{t(`consents.sources.${event.source}`)}</TableCell>
              <TableCell title={event.staff_admin_id ?? undefined}>{staff(event)}</TableCell>
              <TableCell>{event.agreement_version ?? t('none')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The consents tab: each consent with its state, approval date and switch; then their history. */
export function CustomerConsents({ profile }: { profile: CustomerProfile }) {
  const { t } = useTranslation('customers');
  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {consentTypes.map((type) => (
          <ConsentCard key={type} profile={profile} type={type} />
        ))}
      </Box>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('consents.history')}
        </Typography>
        <ConsentHistory events={profile.consent_history} />
      </Stack>
    </Stack>
  );
}
