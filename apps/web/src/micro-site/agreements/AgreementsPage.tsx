import type { MicroSiteLocation } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeading, pageWaitingFor } from '../campaigns/PageStates';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';
import { useAgreements } from './data';
import { AGREEMENT_SLUGS, formatDay, shownAgreement, useAgreementT } from './texts';

/**
 * `agreements`: the kinds of text the mall puts in use (membership agreement, ETK consent, KVKK
 * notice), each linking to its page with the title in use, or 'agreement not found' without one.
 */
export default function AgreementsPage({ location: _ }: { location: MicroSiteLocation | null }) {
  const { t, language } = useAgreementT();
  const { base } = useSession();
  const load = useAgreements(undefined);
  const heading = <PageHeading title={t('title')} text={t('text')} />;
  const waiting = pageWaitingFor(load, heading, t('loadError'));
  if (waiting) return waiting;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {heading}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {Object.entries(AGREEMENT_SLUGS).map(([slug, type]) => {
          const agreement = shownAgreement(load.data ?? [], type);
          return (
            <li key={slug}>
              <Paper
                component={Link}
                href={`${base}/agreements/${slug}`}
                variant="outlined"
                sx={{
                  display: 'grid',
                  gap: 0.5,
                  p: 2,
                  borderRadius: 3,
                  textDecoration: 'none',
                  color: 'inherit',
                  '&:hover, &:focus-visible': { borderColor: 'primary.main' },
                }}
              >
                <Typography variant="h6" component="h2" color="primary">
                  {t(`types.${type}`)}
                </Typography>
                <Typography color="text.secondary">{t(`typeTexts.${type}`)}</Typography>
                <Typography variant="body2" color={agreement ? 'text.secondary' : 'warning.dark'}>
                  {agreement
                    ? t('inForce', { date: formatDay(agreement.createdAt, language) })
                    : t('notFound')}
                </Typography>
              </Paper>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
